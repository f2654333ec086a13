import type { AppContext } from '../app-context.ts';
import type { BackgroundJob } from './server-module.ts';

/**
 * Runs the modules' jobs every `config.jobsIntervalMs`, each on its own: a slow or failing job delays
 * nor stops the others, and a run still working when the next is due is skipped, not doubled.
 */
export function startJobs(jobs: readonly BackgroundJob[], ctx: AppContext): { stop(): Promise<void> } {
  const running = new Map<string, Promise<unknown>>();
  let stopped = false;
  const tick = () => {
    for (const job of jobs) {
      if (stopped || running.has(job.name)) continue;
      const run = job
        .run(ctx)
        .catch((error: unknown) => ctx.log.error({ err: error, job: job.name }, 'a background job failed'))
        .finally(() => running.delete(job.name));
      running.set(job.name, run);
    }
  };
  const timer = jobs.length > 0 ? setInterval(tick, ctx.config.jobsIntervalMs).unref() : undefined;
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await Promise.allSettled(running.values());
    },
  };
}

/**
 * First-start benchmark: the real server (`apps/server/src/main.ts`, as `npm start` runs it) on an empty
 * database, probed every 50 ms from the moment it listens until the background seed of the world's
 * ~148,000 cities is complete, then for 5 s more as the run's baseline. Each tick sends `/health` (one
 * `select 1` through the server's database) and, once signed in, a paginate (`apis/state/paginate`: the
 * session and permission look-up, 20 of the 4,963 states by name and the count; a city paginate's count
 * over the growing table would itself hold the main thread longer than the probe interval). Probes are
 * sent on the clock whether or not the previous ones have answered, so a pause of the server shows as a
 * probe's latency.
 *
 *   npm run first-start -w @facet/bench                                  # embedded PGlite (the goal)
 *   BENCH_FIRST_START_DATABASE=postgres npm run first-start -w @facet/bench
 *
 * Environment: BENCH_FIRST_START_DATABASE (`pglite`, default, in a temporary DATA_DIR; or `postgres`, a
 * fresh database `facet_bench_load_…` on BENCH_ADMIN_URL, dropped at the end), BENCH_PROBE_MS (default
 * 50), BENCH_PAUSE_MS (the pause that counts as too long, default 100), BENCH_AFTER_MS (the baseline's
 * length, default 5000), BENCH_SERVER_MAIN (another checkout's `apps/server/src/main.ts`, to measure the
 * version before a change the same way). Prints the seed's time and, per probe kind during the seed and
 * after it, a markdown row: probes answered, p50, p99, max, probes over the pause limit, non-200 answers.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { HEALTH_ENDPOINTS, pathOf, resourcePaths, stateResource } from '@facet/contract';
import { createDatabase } from './load-database.ts';
import { signIn } from './sign-in.ts';

const HERE = path.dirname(fileURLToPath(import.meta.url));
/** Another checkout's server to compare with (its `apps/server/src/main.ts`), e.g. the last commit's. */
const MAIN = process.env.BENCH_SERVER_MAIN ?? path.join(HERE, '../apps/server/src/main.ts');
const PROBE_MS = Number(process.env.BENCH_PROBE_MS ?? 50);
const PAUSE_MS = Number(process.env.BENCH_PAUSE_MS ?? 100);
const DATABASE = process.env.BENCH_FIRST_START_DATABASE ?? 'pglite';
const PASSWORD = 'Bench#First1';
const HEALTH_NAME = '`/health` (`select 1`)';
const NEW_PASSWORD = 'Bench#First2';
/** Past this the run is abandoned: a seed that never completes must not hang the bench. */
const SEED_DEADLINE_MS = 10 * 60 * 1000;
/** Probing goes on this long once the seed is done, as the baseline. */
const AFTER_MS = Number(process.env.BENCH_AFTER_MS ?? 5000);

interface Probe {
  sentAt: number;
  answeredAt?: number;
  status?: number;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** The server's JSON log lines, as they arrive. */
function onLogLine(child: ChildProcess, handle: (line: Record<string, unknown>) => void): void {
  let buffered = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    buffered += chunk.toString();
    let end = buffered.indexOf('\n');
    while (end >= 0) {
      const text = buffered.slice(0, end);
      buffered = buffered.slice(end + 1);
      end = buffered.indexOf('\n');
      try {
        handle(JSON.parse(text) as Record<string, unknown>);
      } catch {
        // Not a log line (a warning printed by Node): ignored.
      }
    }
  });
}

function figuresOf(name: string, probes: readonly Probe[]): string {
  const answered = probes.filter((probe) => probe.answeredAt !== undefined);
  const latencies = answered
    .map((probe) => (probe.answeredAt as number) - probe.sentAt)
    .sort((a, b) => a - b);
  const at = (share: number) =>
    latencies[Math.min(latencies.length - 1, Math.ceil(share * latencies.length) - 1)] ?? 0;
  const over = latencies.filter((latency) => latency > PAUSE_MS).length;
  const failed = answered.filter((probe) => probe.status !== 200).length;
  const cells = [
    name,
    `${answered.length} / ${probes.length}`,
    at(0.5).toFixed(0),
    at(0.99).toFixed(0),
    (latencies.at(-1) ?? 0).toFixed(0),
    String(over),
    String(failed),
  ];
  return `| ${cells.join(' | ')} |`;
}

/** The five slowest probes, in the order they were sent: `+seconds from listening (ms)`. */
function slowestOf(probes: readonly Probe[], listenedAt: number): string {
  const latency = (probe: Probe) => (probe.answeredAt as number) - probe.sentAt;
  return probes
    .filter((probe) => probe.answeredAt !== undefined)
    .sort((a, b) => latency(b) - latency(a))
    .slice(0, 5)
    .sort((a, b) => a.sentAt - b.sentAt)
    .map((probe) => `+${((probe.sentAt - listenedAt) / 1000).toFixed(1)} s (${latency(probe).toFixed(0)} ms)`)
    .join(', ');
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'facet-first-start-'));
  const database = DATABASE === 'postgres' ? await createDatabase() : undefined;
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const spawnedAt = performance.now();
  // An empty PGlite in DATA_DIR/pglite (PGlite creates only that last folder), or the fresh database.
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: {
      ...inherited,
      ...(database ? { DATABASE_URL: database.url } : {}),
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      ADMIN_USERNAME: 'admin',
      ADMIN_EMAIL: 'admin@example.com',
      ADMIN_PASSWORD: PASSWORD,
      WEB_DIST_DIR: path.join(dataDir, 'web'),
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      SEED_CITIES: 'true',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
    await database?.drop();
  };

  try {
    let seededMs: number | undefined;
    let batches = 0;
    let longestBatchMs: number | undefined;
    let failure: string | undefined;
    onLogLine(child, (line) => {
      const message = String(line.msg ?? '');
      if (Number(line.level) >= 50) failure ??= JSON.stringify(line);
      if (message.startsWith('cities seeded: batch')) batches += 1;
      if (message === 'cities seeded') {
        seededMs = Number(line.ms);
        // Versions that logged each batch did not count them in this line.
        if (typeof line.batches === 'number') batches = line.batches;
        if (typeof line.longestBatchMs === 'number') longestBatchMs = line.longestBatchMs;
      }
    });

    // Probes start with the process: those refused before the port is open are dropped, so a server
    // that has opened its port but does not answer (its event loop busy) shows as a probe's latency,
    // even before it could write its "listening" log line.
    const health: Probe[] = [];
    const paginate: Probe[] = [];
    let listenedAt: number | undefined;
    let token: string | undefined;
    let signingIn = false;
    const send = (into: Probe[], request: () => Promise<Response>) => {
      const probe: Probe = { sentAt: performance.now() };
      into.push(probe);
      request()
        .then(async (response) => {
          await response.arrayBuffer();
          probe.answeredAt = performance.now();
          probe.status = response.status;
          listenedAt ??= probe.sentAt;
        })
        .catch((error: unknown) => {
          const refused = (error as { cause?: { code?: string } }).cause?.code === 'ECONNREFUSED';
          if (refused && listenedAt === undefined) into.splice(into.indexOf(probe), 1);
          else {
            probe.answeredAt = performance.now();
            probe.status = 0;
          }
        });
    };
    const tick = () => {
      send(health, () => fetch(`${baseUrl}/${pathOf(HEALTH_ENDPOINTS.check)}`));
      if (listenedAt !== undefined && !signingIn) {
        signingIn = true;
        // The panel's sign-in, during the seed like a user's first: its requests are not probes.
        signIn({
          baseUrl,
          dataDir,
          username: 'admin',
          email: 'admin@example.com',
          password: PASSWORD,
          newPassword: NEW_PASSWORD,
        })
          .then((jwt) => {
            token = jwt;
          })
          .catch((error: unknown) => console.error('sign-in failed; only /health is probed', error));
      }
      if (token)
        send(paginate, () =>
          fetch(`${baseUrl}/${resourcePaths(stateResource).paginate}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `JWT ${token}` },
            body: JSON.stringify({ page: 1, limit: 20, sort: { name: 'asc' } }),
          }),
        );
    };
    // On the clock: each tick is due PROBE_MS after the previous one was due, not after it answered.
    let due = performance.now();
    let timer: NodeJS.Timeout | undefined;
    const schedule = () => {
      tick();
      due += PROBE_MS;
      timer = setTimeout(schedule, Math.max(0, due - performance.now()));
    };
    schedule();

    const deadline = performance.now() + SEED_DEADLINE_MS;
    while (seededMs === undefined && !failure && performance.now() < deadline && child.exitCode === null)
      await new Promise((resolve) => setTimeout(resolve, 20));
    const seededAt = performance.now();
    // The same probes with the seed done: the baseline of this run, on this machine's load.
    const during = { health: health.length, paginate: paginate.length };
    await new Promise((resolve) => setTimeout(resolve, AFTER_MS));
    clearTimeout(timer);
    // The last probes answer (or fail) before the figures are read.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    if (seededMs === undefined || listenedAt === undefined)
      throw new Error(`the cities were not seeded: ${failure ?? stderr}`);

    const load = os.loadavg().map((value) => value.toFixed(2));
    console.log(
      `\nFirst start on ${DATABASE}: listening ${((listenedAt - spawnedAt) / 1000).toFixed(1)} s after spawn; ` +
        `cities seeded in ${(seededMs / 1000).toFixed(1)} s (server's log; ${((seededAt - listenedAt) / 1000).toFixed(1)} s ` +
        `from listening), ${batches} batches; probes every ${PROBE_MS} ms; load average ${load.join(' ')}\n`,
    );
    if (longestBatchMs !== undefined) console.log(`Longest batch (server's log): ${longestBatchMs} ms.`);
    console.log(`Slowest probes (sent, latency): ${slowestOf([...health, ...paginate], listenedAt)}\n`);
    console.log(`| probe | answered / sent | p50 ms | p99 ms | max ms | over ${PAUSE_MS} ms | non-200 |`);
    console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: |');
    const paginateName = '`apis/state/paginate` (signed in; 20 of 4,963 states by name, and the count)';
    const after = `${AFTER_MS / 1000} s after it (baseline)`;
    console.log(figuresOf(`${HEALTH_NAME}, during the seed`, health.slice(0, during.health)));
    console.log(figuresOf(`${paginateName}, during the seed`, paginate.slice(0, during.paginate)));
    console.log(figuresOf(`${HEALTH_NAME}, ${after}`, health.slice(during.health)));
    console.log(figuresOf(`${paginateName}, ${after}`, paginate.slice(during.paginate)));
  } finally {
    await stop();
  }
}

await main();

import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { HEALTH_ENDPOINTS, pathOf } from '@facet/contract';
import { inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's migrated PGlite data folder (apps/server/test/migrate-once.ts). */
    migratedPgliteDir: string;
  }
}

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

export interface RunningPanel {
  url: string;
  dataDir: string;
  initialAdminPassword(): Promise<string>;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolvePort(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * Starts the real server process, as `npm start` does, on embedded PGlite in a fresh data folder;
 * `prepare` runs on that folder first (a data set written before the server takes the database).
 */
export async function startPanel(
  extraEnv: Record<string, string> = {},
  prepare?: (dataDir: string) => Promise<void>,
): Promise<RunningPanel> {
  if (!existsSync(join(process.env.WEB_DIST_DIR ?? join(repoRoot, 'apps/web/dist'), 'index.html'))) {
    throw new Error('The panel is not built: run `npm run build` before the browser tests');
  }
  const dataDir = await mkdtemp(join(tmpdir(), 'facet-e2e-'));
  // Starts on a copy of the run's migrated database, so the server finds no migration left to run.
  const migratedPglite = inject('migratedPgliteDir');
  if (migratedPglite) await cp(migratedPglite, join(dataDir, 'pglite'), { recursive: true });
  await prepare?.(dataDir);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...inherited,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
      LOG_LEVEL: 'warn',
      // No browser test reads cities; inserting ~148,000 of them would only compete with the tests for CPU.
      SEED_CITIES: 'false',
      NODE_ENV: 'test',
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });

  // Generous: on a busy 2-core machine the first start (tsx compiling the server) alone can take a minute.
  const deadline = Date.now() + 150_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited early:\n${output}`);
    const healthy = await fetch(`${url}/${pathOf(HEALTH_ENDPOINTS.check)}`)
      .then((response) => response.ok)
      .catch(() => false);
    if (healthy) break;
    if (Date.now() > deadline) throw new Error(`The server did not become healthy:\n${output}`);
    await new Promise((resolveWait) => setTimeout(resolveWait, 200));
  }

  return {
    url,
    dataDir,
    initialAdminPassword: async () =>
      (await readFile(join(dataDir, 'initial-admin-password'), 'utf8')).trim(),
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolveExit) => child.once('exit', resolveExit));
        child.kill('SIGTERM');
        await exited;
      }
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

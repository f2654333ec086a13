/**
 * What the stock benchmarks share: the real server on facet_bench in its own process, a signed-in
 * admin's token, and the percentiles of timed calls.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { TokenSigner } from '../apps/server/src/access/tokens.ts';
import { databaseUrl, withClient } from './stock-searches.ts';

/** Node options of the server process, to profile it: BENCH_SERVER_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof'. */
const SERVER_NODE_ARGS = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
const HERE = path.dirname(fileURLToPath(import.meta.url));

/** The real server on facet_bench, in its own process; answers its base URL once listening. */
export async function startServer(
  secret: string,
  dataDir: string,
  /** Another database than facet_bench, and settings beside the defaults (e.g. TRUST_PROXY). */
  options: { databaseUrl?: string; env?: Record<string, string> } = {},
): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(
    process.execPath,
    [...SERVER_NODE_ARGS, '--import', 'tsx', path.join(HERE, 'stock-server.ts')],
    {
      env: {
        ...process.env,
        DATABASE_URL: options.databaseUrl ?? databaseUrl,
        DATA_DIR: dataDir,
        JWT_SECRET: secret,
        ADMIN_USERNAME: 'admin',
        ADMIN_EMAIL: 'admin@example.com',
        ADMIN_PASSWORD: 'Bench#Pass1',
        WEB_DIST_DIR: path.join(dataDir, 'web'),
        NODE_ENV: 'production',
        ...options.env,
      },
      // Request logs go where production sends them (a pipe), discarded here.
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  const port = await announcedPort(child, 'server');
  return { url: `http://127.0.0.1:${port}`, child };
}

/** A full session of the seeded admin, signed as the server signs them. */
/** The port a bench server child writes to stderr as `{"port":N}` once it listens. */
export function announcedPort(child: ChildProcess, label: string): Promise<number> {
  return new Promise<number>((resolve, reject) => {
    let buffered = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const match = /\{"port":(\d+)\}/.exec(buffered);
      if (match) resolve(Number(match[1]));
    });
    child.on('exit', (code) => reject(new Error(`${label} exited (${code}): ${buffered}`)));
  });
}

export async function adminToken(
  secret: string,
  /** Another database than facet_bench, and how long the session lasts (a long benchmark outlasts an hour). */
  options: { databaseUrl?: string; hours?: number } = {},
): Promise<string> {
  return withClient(options.databaseUrl ?? databaseUrl, async (client) => {
    const admin = await client.query(
      `update users set default_password = false where username = 'admin' returning id`,
    );
    const userId = admin.rows[0].id as string;
    const expiresAt = new Date(Date.now() + (options.hours ?? 1) * 3_600_000);
    const session = await client.query(
      `insert into sessions (user_id, kind, expires_at, ip, user_agent) values ($1, 'full', $2, '127.0.0.1', 'bench') returning id`,
      [userId, expiresAt],
    );
    return new TokenSigner(secret).sign({ sessionId: session.rows[0].id, userId, kind: 'full' }, expiresAt);
  });
}

/** Stops a bench server child: asked to end, killed if it has not within ten seconds. */
export async function stopServer(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

export interface Figures {
  p50: number;
  p95: number;
}

export function percentiles(samples: number[]): Figures {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (share: number) =>
    sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? 0;
  return { p50: at(0.5), p95: at(0.95) };
}

export async function timed(call: () => Promise<void>, into: number[]): Promise<void> {
  const started = performance.now();
  await call();
  into.push(performance.now() - started);
}

/**
 * Upload-Stock benchmark: a deterministic RapNet-style CSV of N rows is uploaded through the HTTP API
 * to the real server, running as a child process on a fresh PostgreSQL database; measured are the
 * time from the POST to the job's end, and the server process's peak resident memory (sampled from
 * /proc every 50 ms, and the kernel's own high-water mark VmHWM).
 *
 *   npx tsx bench/stock-upload.ts                      # 100,000 rows into an empty stock
 *   npx tsx bench/stock-upload.ts --rows 1000000       # memory stays bounded
 *   npx tsx bench/stock-upload.ts --twice              # then the same file again (every row an update)
 *
 * PostgreSQL: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres); a database
 * `facet_bench_…` is created on it and dropped at the end.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, openAsBlob, readdirSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { writeStockFile } from './stock-file.ts';

const { values: args } = parseArgs({
  options: {
    rows: { type: 'string', default: '100000' },
    twice: { type: 'boolean', default: false },
    port: { type: 'string', default: '13760' },
    /** Keep the database for a look at its plans afterwards. */
    keep: { type: 'boolean', default: false },
  },
});
const ROWS = Number(args.rows);
const PORT = Number(args.port);
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const HERE = path.dirname(fileURLToPath(import.meta.url));
const PASSWORD = 'Bench#Pass1';
const NEW_PASSWORD = 'Bench#Pass2';

async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** CPU seconds (user + system) a process has used, from /proc/<pid>/stat; 0 once it is gone. */
function cpuOf(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** The PostgreSQL backends serving the bench database (the server's pool). */
async function backendsOf(database: string): Promise<number[]> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    const result = await client.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = $1',
      [database],
    );
    return result.rows.map((row) => row.pid);
  } finally {
    await client.end();
  }
}

function rssOf(pid: number): { rss: number; hwm: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
  return { rss: kb('VmRSS') * 1024, hwm: kb('VmHWM') * 1024 };
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function api<T>(method: string, apiPath: string, body?: unknown, token?: string): Promise<T> {
  const response = await fetch(`http://127.0.0.1:${PORT}/${apiPath}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `JWT ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const envelope = (await response.json()) as { code: string; message: string; data: T };
  if (envelope.code !== 'OK') throw new Error(`${apiPath}: ${envelope.message}`);
  return envelope.data;
}

/** The sign-in journey: code from the mail folder, the forced password change, a second sign-in. */
async function signIn(dataDir: string): Promise<string> {
  const mailFolder = path.join(dataDir, 'mail');
  const mailsNow = () => (existsSync(mailFolder) ? readdirSync(mailFolder).sort() : []);
  const codeFor = async (password: string) => {
    const before = mailsNow().length;
    await api('POST', 'admin/auth/send-login-otp', { username: 'admin', password });
    for (;;) {
      const mails = mailsNow();
      if (mails.length > before) {
        const text = readFileSync(path.join(mailFolder, mails[mails.length - 1] as string), 'utf8');
        const code = /\b(\d{6})\b/.exec(text.slice(text.indexOf('\n\n')))?.[1];
        if (code) return code;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const first = await api<{ token: { jwt: string } }>('POST', 'admin/auth/login', {
    username: 'admin',
    password: PASSWORD,
    otp: await codeFor(PASSWORD),
  });
  await api(
    'POST',
    'auth/reset-password-by-user',
    { currentPassword: PASSWORD, password: NEW_PASSWORD, newPassword: NEW_PASSWORD },
    first.token.jwt,
  );
  const second = await api<{ token: { jwt: string } }>('POST', 'admin/auth/login', {
    username: 'admin',
    password: NEW_PASSWORD,
    otp: await codeFor(NEW_PASSWORD),
  });
  return second.token.jwt;
}

interface Job {
  id: string;
  state: string;
  rowsRead: number;
  accepted: number;
  updated: number;
  rejected: number;
  message: string | null;
}

async function uploadOnce(file: string, token: string, server: ChildProcess, database: string) {
  const pid = server.pid as number;
  // Pool connections come and go: every backend seen counts from when it was first seen.
  const seen = new Map<number, { first: number; last: number }>();
  const cpu = async () => {
    for (const backend of await backendsOf(database)) {
      const used = cpuOf(backend);
      const known = seen.get(backend);
      if (known) known.last = Math.max(known.last, used);
      else seen.set(backend, { first: used, last: used });
    }
    let pgUsed = 0;
    for (const { first, last } of seen.values()) pgUsed += last - first;
    return { node: cpuOf(pid), pg: pgUsed };
  };
  const cpuAt: Record<string, { node: number; pg: number }> = { start: await cpu() };
  let peak = rssOf(pid).rss;
  const before = peak;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssOf(pid).rss);
  }, 50);
  const started = Date.now();
  const form = new FormData();
  form.append('mode', 'add-update');
  form.append('file', await openAsBlob(file), 'bench-stock.csv');
  const response = await fetch(`http://127.0.0.1:${PORT}/apis/stock-upload/create`, {
    method: 'POST',
    body: form,
    headers: { authorization: `JWT ${token}` },
  });
  const created = (await response.json()) as { code: string; message: string; data: Job };
  if (created.code !== 'OK') throw new Error(created.message);
  const answered = Date.now() - started;
  const phases: Record<string, number> = {};
  let job = created.data;
  while (!['completed', 'refused', 'failed'].includes(job.state)) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    job = await api<Job>('GET', `apis/stock-upload/${job.id}`, undefined, token);
    const used = await cpu();
    if (phases[job.state] === undefined) {
      phases[job.state] = Date.now() - started;
      cpuAt[job.state] = used;
    }
  }
  const total = Date.now() - started;
  clearInterval(sampler);
  return { job, total, answered, phases, cpuAt, before, peak, hwm: rssOf(pid).hwm };
}

async function main() {
  const work = mkdtempSync(path.join(tmpdir(), 'facet-bench-upload-'));
  const database = `facet_bench_${randomBytes(4).toString('hex')}`;
  const file = path.join(work, 'stock.csv');
  const generated = Date.now();
  const size = await writeStockFile(file, ROWS);
  console.log(
    `generated ${ROWS.toLocaleString('en')} rows, ${mb(size)}, in ${seconds(Date.now() - generated)}`,
  );
  await adminQuery(`create database ${database}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${database}`;
  const dataDir = path.join(work, 'data');
  const server = fork(path.join(HERE, 'stock-upload-server.ts'), {
    execArgv: [
      '--import',
      'tsx',
      ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []),
    ],
    env: {
      ...process.env,
      PORT: String(PORT),
      DATA_DIR: dataDir,
      DATABASE_URL: url.toString(),
      ADMIN_PASSWORD: PASSWORD,
      JWT_SECRET: randomBytes(32).toString('hex'),
      LOG_LEVEL: 'warn',
      STOCK_UPLOAD_MAX_MB: '2048',
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('message', () => resolve());
      server.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
    });
    const token = await signIn(dataDir);
    const runs = args.twice ? ['empty stock', 'same file again'] : ['empty stock'];
    console.log(
      `machine: ${cpus().length} CPU (${cpus()[0]?.model}), ${mb(totalmem())} RAM, Node ${process.version}`,
    );
    for (const label of runs) {
      const run = await uploadOnce(file, token, server, database);
      const spent = (from: string, to: string) => {
        const a = run.cpuAt[from];
        const b = run.cpuAt[to];
        return a && b ? { node: b.node - a.node, pg: b.pg - a.pg } : undefined;
      };
      const reading = spent('start', 'applying');
      const applying = spent('applying', run.job.state);
      console.log(
        [
          `${label}: ${run.job.state} (${run.job.message})`,
          `  rows ${run.job.rowsRead}, accepted ${run.job.accepted}, updated ${run.job.updated}, rejected ${run.job.rejected}`,
          `  POST answered in ${run.answered} ms; job ended after ${seconds(run.total)}`,
          `  phases first seen at: ${Object.entries(run.phases)
            .map(([state, at]) => `${state} ${seconds(at)}`)
            .join(', ')}`,
          `  server RSS: ${mb(run.before)} before, peak ${mb(run.peak)} sampled, VmHWM ${mb(run.hwm)}`,
          `  CPU reading: node ${reading?.node.toFixed(1)} s, postgres ${reading?.pg.toFixed(1)} s; applying: node ${applying?.node.toFixed(1)} s, postgres ${applying?.pg.toFixed(1)} s`,
          `  load average at the end: ${loadavg()
            .map((value) => value.toFixed(1))
            .join(' ')}`,
        ].join('\n'),
      );
    }
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    if (args.keep) console.log(`kept database ${database}`);
    else await adminQuery(`drop database if exists ${database} with (force)`);
    rmSync(work, { recursive: true, force: true });
  }
}

await main();

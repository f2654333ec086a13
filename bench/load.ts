/**
 * Load benchmark: the real server on a fresh PostgreSQL database with a generated stock, under 50 and
 * then 200 concurrent connections for 20 s each, sending side by side sign-in code requests, a resource
 * paginate (states), the stone search (`apis/diamond/paginate` with a typical filter) and `/health`,
 * while an export of the same search runs in a loop beside them. Per request kind it reports req/s, p50
 * and p99 of the 2xx answers, 429s, other non-2xx and unanswered requests, as markdown on stdout.
 *
 *   npm run bench:load                  # or: npm run load -w @facet/bench
 *   BENCH_STONES=5000 BENCH_LOAD_SECONDS=3 BENCH_LOAD_CONNECTIONS=10 BENCH_LOAD_ALONE_SECONDS=1 npm run bench:load
 *
 * Environment: BENCH_ADMIN_URL (a PostgreSQL superuser connection, default
 * postgres://postgres@127.0.0.1:5432/postgres; a database `facet_bench_load_…` is created on it and
 * dropped at the end), BENCH_STONES (default 100000), BENCH_LOAD_CONNECTIONS (comma-separated, default
 * 50,200), BENCH_LOAD_SECONDS (per phase, default 20), BENCH_LOAD_ALONE_SECONDS (each request kind alone
 * on one connection before the load, the baseline, default 5), BENCH_LOAD_EXPORTS (export loops beside
 * the load, default 1), BENCH_LOAD_EXPORT_FORMAT (csv, xlsx or pdf, default csv), BENCH_SERVER_NODE_ARGS.
 *
 * Figures are read as ratios: each request kind is first measured alone (one connection, nothing else
 * running), and under load its p99 is given beside that baseline; `/health` (one `select 1`) under load
 * shows what waiting for the event loop and the pool costs by itself. The load generator runs on the same
 * machine as the server and PostgreSQL, and sends to 127.0.0.1 only.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  AUTH_ENDPOINTS,
  HEALTH_ENDPOINTS,
  LIST_EXPORT_FORMATS,
  pathOf,
  resourcePaths,
  stateResource,
  stoneResource,
} from '@facet/contract';
import { startServer } from './bench-server.ts';
import {
  type BenchDatabase,
  createDatabase,
  createSignInAccounts,
  loadStock,
  signInUsername,
} from './load-database.ts';
import { type ExportFigures, exportLoops, exportOnce } from './load-export.ts';
import { connectionsOf, type Endpoint, type Figures, run } from './load-mix.ts';
import { signIn } from './sign-in.ts';
import { GRID_COLUMNS, masterIds, withClient } from './stock-searches.ts';

function positive(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`);
  return value;
}

const STONES = Math.round(positive('BENCH_STONES', 100_000));
const SECONDS = positive('BENCH_LOAD_SECONDS', 20);
const ALONE_SECONDS = positive('BENCH_LOAD_ALONE_SECONDS', 5);
const EXPORT_LOOPS = Math.round(positive('BENCH_LOAD_EXPORTS', 1));
const EXPORT_FORMAT = process.env.BENCH_LOAD_EXPORT_FORMAT ?? 'csv';
if (!(LIST_EXPORT_FORMATS as readonly string[]).includes(EXPORT_FORMAT)) {
  throw new Error(`BENCH_LOAD_EXPORT_FORMAT must be one of ${LIST_EXPORT_FORMATS.join(', ')}`);
}
const CONNECTIONS = (process.env.BENCH_LOAD_CONNECTIONS ?? '50,200').split(',').map((text) => {
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1)
    throw new Error('BENCH_LOAD_CONNECTIONS: whole numbers, e.g. 50,200');
  return value;
});
/** Pause between phases, so that the export cut at a phase's end and its queries are gone. */
const SETTLE_MS = 3000;

const ADMIN = { username: 'admin', email: 'admin@example.com' };
const PASSWORD = 'Bench#Load1';
const NEW_PASSWORD = 'Bench#Load2';

const log = (message: string) => process.stderr.write(`${message}\n`);
const since = (started: number) => `${((performance.now() - started) / 1000).toFixed(1)} s`;

/** A client address of its own per sign-in account (10.0.0.0/16), sent as X-Forwarded-For. */
const addressOf = (index: number) => `10.0.${(index >> 8) & 255}.${index & 255}`;

type StoneSearch = { filter: Record<string, unknown>; sort: Record<string, 'asc' | 'desc'> };

/** A trader's typical search, which the export beside the load exports too (about 6 % of the stock). */
function stoneSearchOf(masters: Map<string, string>): StoneSearch {
  const id = (key: string) => {
    const found = masters.get(key);
    if (!found) throw new Error(`no master ${key}`);
    return found;
  };
  return {
    filter: {
      shapeId: [id('SHAPE:Round')],
      colorId: ['D', 'E', 'F', 'G', 'H'].map((name) => id(`COLOR:${name}`)),
      carat: { from: 0.9, to: 1.49 },
    },
    sort: { marketingPricePerCarat: 'asc' },
  };
}

/**
 * The request kinds, by share of a phase's connections. Sign-in code requests name a different account
 * (with the right password) and client address each time, in turn, so that none waits on another's
 * sign-in lock or meets the per-account and per-address limits: what is measured is the credential check
 * (an argon2 verification inside the sign-in transaction). The first request of an account mails a code;
 * the next ones within 30 s keep it and mail nothing, as a repeated submit does.
 */
function endpointsOf(accounts: number, search: StoneSearch): Endpoint[] {
  return [
    {
      name: '`/health` (baseline: one `select 1`)',
      method: 'GET',
      path: pathOf(HEALTH_ENDPOINTS.check),
      share: 1,
      anonymous: true,
    },
    {
      name: 'Sign-in code request (`admin/auth/send-login-otp`)',
      method: 'POST',
      path: pathOf(AUTH_ENDPOINTS.sendLoginOtp),
      share: 2,
      anonymous: true,
      bodies: Array.from({ length: accounts }, (_, index) => ({
        username: signInUsername(index),
        password: PASSWORD,
      })),
      headersOf: (n) => ({ 'x-forwarded-for': addressOf(n % accounts) }),
    },
    {
      name: 'Resource paginate (`apis/state/paginate`, pages 1–20 of 50 by name)',
      method: 'POST',
      path: resourcePaths(stateResource).paginate,
      share: 2,
      bodies: Array.from({ length: 20 }, (_, index) => ({
        page: index + 1,
        limit: 50,
        sort: { name: 'asc' },
      })),
    },
    {
      name: 'Stone search (`apis/diamond/paginate`: Round, D–H, 0.90–1.49 ct, by price/ct, pages 1–10)',
      method: 'POST',
      path: resourcePaths(stoneResource).paginate,
      share: 3,
      bodies: Array.from({ length: 10 }, (_, index) => ({
        ...search,
        columns: GRID_COLUMNS,
        page: index + 1,
      })),
    },
  ];
}

const ms = (value: number) => (Number.isNaN(value) ? '–' : value.toFixed(0));
const statusList = (statuses: Record<string, number>) =>
  Object.entries(statuses)
    .map(([status, count]) => `${count} × ${status}`)
    .join(', ') || '0';

function endpointRow(endpoint: Endpoint, loaded: Figures, alone: Figures | undefined): string {
  const ratio =
    alone && alone.p99 > 0 && !Number.isNaN(loaded.p99) ? (loaded.p99 / alone.p99).toFixed(1) : '–';
  return `| ${endpoint.name} | ${loaded.connections} | ${loaded.answered} / ${loaded.sent} | ${(loaded.answered / loaded.seconds).toFixed(1)} | ${ms(loaded.p50)} | ${ms(loaded.p99)} | ${ms(alone?.p50 ?? Number.NaN)} / ${ms(alone?.p99 ?? Number.NaN)} | ${ratio} | ${loaded.ok} | ${loaded.throttled} | ${statusList(loaded.otherStatuses)} | ${loaded.errors} (${loaded.timeouts}) |`;
}

function exportLine(figures: ExportFigures, aloneMs: number): string {
  const sorted = [...figures.files].sort((a, b) => a - b);
  const median = sorted[Math.floor((sorted.length - 1) / 2)];
  const slowest = sorted.at(-1);
  const seconds = (value: number | undefined) =>
    value === undefined ? '–' : `${(value / 1000).toFixed(1)} s`;
  const size =
    figures.files.length > 0 ? `${Math.round(figures.bytes / figures.files.length / 1024)} KB` : '–';
  return `Export beside (${figures.loops} loop${figures.loops > 1 ? 's' : ''}): ${figures.files.length} whole files of ${size}, median ${seconds(median)}, slowest ${seconds(slowest)} (alone ${seconds(aloneMs)}); 429: ${figures.throttled}; other non-2xx: ${statusList(figures.otherStatuses)}; failed: ${figures.errors}; cut at the phase's end: ${figures.cut}.`;
}

const TABLE_HEAD = [
  '| Request | Connections | Answered / sent | req/s | p50 ms | p99 ms | alone p50 / p99 ms | p99 ÷ alone p99 | 2xx | 429 | other non-2xx | no answer (timeouts) |',
  '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
];

async function main() {
  const started = performance.now();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'facet-bench-load-'));
  let database: BenchDatabase | undefined;
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  let serverExit: string | undefined;
  const cleanUp = async () => {
    if (server && serverExit === undefined) {
      const child = server.child;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  process.once('SIGINT', () => {
    log('Interrupted: stopping the server and dropping the database');
    void cleanUp().finally(() => process.exit(130));
  });
  try {
    database = await createDatabase();
    log(`Database ${database.name}; starting the server`);
    server = await startServer(randomBytes(32).toString('hex'), dataDir, {
      databaseUrl: database.url,
      env: { TRUST_PROXY: 'true', ADMIN_PASSWORD: PASSWORD, SEED_CITIES: 'false' },
    });
    server.child.once('exit', (code, signal) => {
      serverExit = `${code ?? signal}`;
    });
    const baseUrl = server.url;
    const loading = performance.now();
    await loadStock(database.url, STONES);
    log(`  ${STONES} stones loaded in ${since(loading)}`);
    // More accounts than connections: the turn never comes back to an account still signing in.
    const accounts = 2 * Math.max(...CONNECTIONS);
    await createSignInAccounts(database.url, accounts, ADMIN.username);
    const token = await signIn({ baseUrl, dataDir, ...ADMIN, password: PASSWORD, newPassword: NEW_PASSWORD });
    const search = stoneSearchOf(await masterIds(database.url));
    const endpoints = endpointsOf(accounts, search);
    const exportRequest = {
      url: `${baseUrl}/${resourcePaths(stoneResource).export}`,
      token,
      body: { ...search, format: EXPORT_FORMAT },
    };
    const found = await fetch(`${baseUrl}/${resourcePaths(stoneResource).paginate}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `JWT ${token}` },
      body: JSON.stringify({ ...search, limit: 1 }),
    });
    const searchCount = ((await found.json()) as { data: { count: number } }).data.count;

    log(`Alone: each request kind on 1 connection for ${ALONE_SECONDS} s, then one export`);
    const alone = new Map<Endpoint, Figures>();
    for (const endpoint of endpoints)
      alone.set(endpoint, await run(baseUrl, endpoint, 1, ALONE_SECONDS, token));
    const aloneExport = await exportOnce(exportRequest, new AbortController().signal);
    if (aloneExport.status !== 200) throw new Error(`the export alone answered ${aloneExport.status}`);

    const phases: string[] = [];
    for (const total of CONNECTIONS) {
      await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
      log(`Load: ${total} connections for ${SECONDS} s, ${EXPORT_LOOPS} export loop(s) beside`);
      const connections = connectionsOf(endpoints, total);
      const stop = new AbortController();
      const exports = exportLoops(exportRequest, EXPORT_LOOPS, stop.signal);
      const figures = await Promise.all(
        endpoints.map((endpoint) => run(baseUrl, endpoint, connections.get(endpoint) ?? 1, SECONDS, token)),
      );
      stop.abort();
      const exported = await exports;
      phases.push(
        [
          `${total} connections, ${SECONDS} s:`,
          '',
          ...TABLE_HEAD,
          ...endpoints.map((endpoint, index) =>
            endpointRow(endpoint, figures[index] as Figures, alone.get(endpoint)),
          ),
          '',
          exportLine(exported, aloneExport.ms),
        ].join('\n'),
      );
      log(phases.at(-1) as string);
      if (serverExit !== undefined) throw new Error(`the server exited (${serverExit}) during the load`);
    }

    // What the sign-in log says of the load's accounts: the codes mailed, and from how many addresses.
    const signInLog = await withClient(database.url, async (client) => {
      const rows = await client.query<{ result: string; n: number; addresses: number }>(
        `select result, count(*)::int as n, count(distinct ip)::int as addresses from login_logs
         where username like 'load%' group by result order by result`,
      );
      return rows.rows.map((row) => `${row.result} ${row.n} (from ${row.addresses} addresses)`).join(', ');
    });
    const postgres = await withClient(
      database.url,
      async (client) => (await client.query('show server_version')).rows[0].server_version as string,
    );
    const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
    const load = os.loadavg().map((value) => value.toFixed(1));
    console.log(
      [
        `Run of ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC. Machine: ${os.cpus().length} × ${cpu}, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB RAM, PostgreSQL ${postgres}, Node ${process.version}; load average at the end ${load.join(' / ')} (1 / 5 / 15 min).`,
        `Stock: ${STONES} stones; the search finds ${searchCount} stones, which the export beside writes as ${EXPORT_FORMAT}; ${accounts} sign-in accounts, whose sign-in log reads: ${signInLog || 'nothing'}. Latencies of 2xx answers; "alone": the same request on one connection with nothing else running, ${ALONE_SECONDS} s each.`,
        '',
        ...phases.flatMap((phase) => [phase, '']),
      ].join('\n'),
    );
    log(`Done in ${since(started)}`);
  } finally {
    await cleanUp();
  }
}

await main();

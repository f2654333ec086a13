/**
 * Request-path benchmark: what Facet's shared request path (authentication, the session check,
 * permissions, validation, the resource engine's query building, mapping, serialisation, logging)
 * costs over the SQL it runs. Three requests go through the real server and, in the same run, through
 * a bare Fastify + pg server (request-path-bare.ts) that sends exactly the SQL Facet sends for them,
 * captured from drizzle's logger (request-path-sql.ts), session check included:
 *
 * - paginate: `apis/master/paginate`, 50 sub-masters of one parent with the parent's name, and the count;
 * - get: `apis/master/:id`, one record with its parent's name;
 * - write: `PUT apis/master/:id`, a new description (the read, the locked row, the update, the audit
 *   entry in one transaction, the record read back).
 *
 * Each runs with autocannon at 16 and 64 connections for 10 s, in two rounds alternating Facet and the
 * bare server, and once more (last round) the bare server without the session check. A markdown table
 * of req/s, p50, p99 and the ratio Facet / bare goes to stdout.
 *
 *   npm run request-path -w @facet/bench
 *   BENCH_SERVER_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof' npm run request-path -w @facet/bench
 *
 * Environment: BENCH_ADMIN_URL (a PostgreSQL superuser connection, as bench/load.ts: a database
 * `facet_bench_load_…` is created there and dropped at the end), BENCH_SECONDS (per measurement,
 * default 10), BENCH_ROUNDS (default 2), BENCH_CONNECTIONS (default 16,64), BENCH_REQUESTS
 * (default paginate,get,write), BENCH_SERVER_NODE_ARGS (Node options of the real server).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { announcedPort, startServer, stopServer } from './bench-server.ts';
import { type BenchDatabase, createDatabase } from './load-database.ts';
import { captureSql, PAGES, paginateBody } from './request-path-sql.ts';
import { signIn } from './sign-in.ts';
import { withClient } from './stock-searches.ts';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const CONNECTIONS = (process.env.BENCH_CONNECTIONS ?? '16,64').split(',').map(Number);
const REQUESTS = (process.env.BENCH_REQUESTS ?? 'paginate,get,write').split(',');
/** Sub-masters of the benchmark's own parent, paged 50 at a time, read and written in turn. */
const RECORDS = 1000;
const PASSWORD = 'Bench#Path1';
const NEW_PASSWORD = 'Bench#Path2';
const ADMIN = { username: 'admin', email: 'admin@example.com' };

const log = (message: string) => process.stderr.write(`${message}\n`);

interface Kind {
  name: string;
  label: string;
  /** The n-th request: method, path below the base and body. */
  request(n: number): { method: 'GET' | 'POST' | 'PUT'; path: string; body?: unknown };
}

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

function kindsOf(parentId: string, ids: readonly string[]): Kind[] {
  const id = (n: number) => ids[n % ids.length] as string;
  const all: Kind[] = [
    {
      name: 'paginate',
      label: '`apis/master/paginate`: 50 rows with the parent’s name, and the count',
      request: (n) => ({
        method: 'POST',
        path: '/apis/master/paginate',
        body: paginateBody(parentId, (n % PAGES) + 1),
      }),
    },
    {
      name: 'get',
      label: '`GET apis/master/:id`: one record with its parent’s name',
      request: (n) => ({ method: 'GET', path: `/apis/master/${id(n)}` }),
    },
    {
      name: 'write',
      label: '`PUT apis/master/:id`: a new description (transaction, audit entry, record read back)',
      request: (n) => ({
        method: 'PUT',
        path: `/apis/master/${id(n)}`,
        body: { description: `Bench ${process.pid} ${n}` },
      }),
    },
  ];
  return all.filter((kind) => REQUESTS.includes(kind.name));
}

async function measure(
  baseUrl: string,
  prefix: string,
  kind: Kind,
  connections: number,
  token: string,
  seconds = SECONDS,
): Promise<Figures> {
  let sent = 0;
  const result = await autocannon({
    url: baseUrl,
    connections,
    duration: seconds,
    requests: [
      {
        setupRequest: (request) => {
          const { method, path: at, body } = kind.request(sent);
          sent += 1;
          return {
            ...request,
            method,
            path: `${prefix}${at}`,
            headers: {
              authorization: `JWT ${token}`,
              ...(body === undefined ? {} : { 'content-type': 'application/json' }),
            },
            ...(body === undefined ? {} : { body: JSON.stringify(body) }),
          };
        },
      },
    ],
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

/** The bare server, in its own process like the real one; answers its base URL once listening. */
async function startBare(
  databaseUrl: string,
  capturedFile: string,
): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(HERE, 'request-path-bare.ts')], {
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      BENCH_CAPTURED_SQL: capturedFile,
      NODE_ENV: 'production',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const port = await announcedPort(child, 'bare server');
  return { url: `http://127.0.0.1:${port}`, child };
}

/** A parent master and its RECORDS values, each with a description to overwrite. */
async function seedMasters(url: string): Promise<{ parentId: string; ids: string[] }> {
  return withClient(url, async (client) => {
    const parent = await client.query<{ id: string }>(
      `insert into masters (name, code, sequence) values ('Bench parent', 'BENCHPATH', 9999) returning id`,
    );
    const parentId = parent.rows[0]?.id as string;
    const values = await client.query<{ id: string }>(
      `insert into masters (name, code, parent_id, sequence, description)
       select 'Bench value ' || g, 'BP' || g, $1, g, 'Seeded ' || g from generate_series(1, $2::int) g
       returning id`,
      [parentId, RECORDS],
    );
    await client.query('analyze masters');
    return { parentId, ids: values.rows.map((row) => row.id) };
  });
}

function claimsOf(token: string): { sessionId: string; userId: string } {
  const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as {
    jti: string;
    sub: string;
  };
  return { sessionId: payload.jti, userId: payload.sub };
}

/** Facet and the bare server answer the same rows for the same request (the benchmark's own check). */
async function assertSameAnswers(facet: string, bare: string, kinds: readonly Kind[], token: string) {
  for (const kind of kinds.filter((candidate) => candidate.name !== 'write')) {
    const { method, path: at, body } = kind.request(7);
    const answer = async (base: string) => {
      const response = await fetch(`${base}${at}`, {
        method,
        headers: {
          authorization: `JWT ${token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      if (response.status !== 200) throw new Error(`${kind.name} on ${base}: ${response.status}`);
      return (await response.json()) as { data: unknown };
    };
    const [ours, theirs] = [await answer(facet), await answer(bare)];
    if (JSON.stringify(ours.data) !== JSON.stringify(theirs.data)) {
      throw new Error(
        `${kind.name}: the bare server answers other data\n${JSON.stringify(ours.data).slice(0, 400)}\n${JSON.stringify(theirs.data).slice(0, 400)}`,
      );
    }
  }
}

/**
 * The benchmark's own check that the session is still read on every request: revoked in the database
 * behind the server's back (as another instance would), the very next request of each kind is refused.
 */
async function refusedOnceRevoked(url: string, facet: string, kinds: readonly Kind[], token: string) {
  const { sessionId } = claimsOf(token);
  await withClient(url, (client) =>
    client.query('update sessions set revoked_at = now() where id = $1', [sessionId]),
  );
  const statuses: number[] = [];
  for (const kind of kinds) {
    const { method, path: at, body } = kind.request(0);
    const response = await fetch(`${facet}${at}`, {
      method,
      headers: {
        authorization: `JWT ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    statuses.push(response.status);
  }
  if (statuses.some((status) => status !== 401))
    throw new Error(`a revoked session was answered: ${statuses.join(', ')}`);
  return statuses.join(', ');
}

const fixed = (value: number, digits = 0) => (Number.isFinite(value) ? value.toFixed(digits) : '–');

async function main() {
  const started = performance.now();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'facet-bench-path-'));
  let database: BenchDatabase | undefined;
  let facet: { url: string; child: ChildProcess } | undefined;
  let bare: { url: string; child: ChildProcess } | undefined;
  const cleanUp = async () => {
    await Promise.all([stopServer(facet?.child), stopServer(bare?.child)]);
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  process.once('SIGINT', () => {
    log('Interrupted: stopping the servers and dropping the database');
    void cleanUp().finally(() => process.exit(130));
  });
  try {
    database = await createDatabase();
    log(`Database ${database.name}; starting the server`);
    facet = await startServer(randomBytes(32).toString('hex'), dataDir, {
      databaseUrl: database.url,
      env: { ADMIN_PASSWORD: PASSWORD, SEED_CITIES: 'false' },
    });
    const { parentId, ids } = await seedMasters(database.url);
    const token = await signIn({
      baseUrl: facet.url,
      dataDir,
      ...ADMIN,
      password: PASSWORD,
      newPassword: NEW_PASSWORD,
    });
    const captured = await captureSql({
      url: database.url,
      ...claimsOf(token),
      parentId,
      recordId: ids[0] as string,
    });
    if (process.env.BENCH_SHOW_SQL) log(JSON.stringify(captured, null, 2));
    const capturedFile = path.join(dataDir, 'captured-sql.json');
    writeFileSync(capturedFile, JSON.stringify(captured));
    bare = await startBare(database.url, capturedFile);
    const kinds = kindsOf(parentId, ids);
    await assertSameAnswers(facet.url, bare.url, kinds, token);

    log('Warming up both servers');
    for (const kind of kinds) {
      await measure(facet.url, '', kind, 16, token, 2);
      await measure(bare.url, '', kind, 16, token, 2);
    }
    const loadBefore = os.loadavg();
    type Cell = { facet: Figures[]; bare: Figures[]; noSession: Figures[] };
    const cells = new Map<string, Cell>();
    for (let round = 1; round <= ROUNDS; round += 1) {
      for (const kind of kinds) {
        for (const connections of CONNECTIONS) {
          const key = `${kind.name}|${connections}`;
          const cell = cells.get(key) ?? { facet: [], bare: [], noSession: [] };
          cells.set(key, cell);
          // Alternate which goes first, so neither always meets the machine after the other.
          const order = round % 2 === 1 ? (['facet', 'bare'] as const) : (['bare', 'facet'] as const);
          for (const which of order) {
            const figures = await measure(
              which === 'facet' ? facet.url : bare.url,
              '',
              kind,
              connections,
              token,
            );
            cell[which].push(figures);
            log(
              `round ${round} ${kind.name} ${connections} ${which}: ${fixed(figures.rps)} req/s p50 ${figures.p50} p99 ${figures.p99}${figures.non2xx || figures.errors ? ` non-2xx ${figures.non2xx} errors ${figures.errors}` : ''}`,
            );
          }
          if (round === ROUNDS) {
            const figures = await measure(bare.url, '/no-session', kind, connections, token);
            cell.noSession.push(figures);
            log(
              `round ${round} ${kind.name} ${connections} bare without session: ${fixed(figures.rps)} req/s`,
            );
          }
        }
      }
    }
    const loadAfter = os.loadavg();
    const revoked = await refusedOnceRevoked(database.url, facet.url, kinds, token);
    const rows: string[] = [];
    const failures: string[] = [];
    for (const kind of kinds) {
      for (const connections of CONNECTIONS) {
        const cell = cells.get(`${kind.name}|${connections}`) as Cell;
        const list = (figures: Figures[], pick: (f: Figures) => number, digits = 0) =>
          figures.map((f) => fixed(pick(f), digits)).join(' / ');
        const sum = (figures: Figures[]) => figures.reduce((total, f) => total + f.rps, 0);
        const ratio = sum(cell.facet) / sum(cell.bare);
        const noSession = cell.noSession[0];
        for (const figures of [...cell.facet, ...cell.bare, ...cell.noSession]) {
          if (figures.non2xx || figures.errors)
            failures.push(`${kind.name} ${connections}: ${figures.non2xx} non-2xx, ${figures.errors} errors`);
        }
        rows.push(
          `| ${kind.label} | ${connections} | ${list(cell.facet, (f) => f.rps)} | ${list(cell.facet, (f) => f.p50)} | ${list(cell.facet, (f) => f.p99)} | ${list(cell.bare, (f) => f.rps)} | ${list(cell.bare, (f) => f.p50)} | ${list(cell.bare, (f) => f.p99)} | **${ratio.toFixed(2)}** (${cell.facet.map((f, round) => (f.rps / (cell.bare[round]?.rps ?? Number.NaN)).toFixed(2)).join(' / ')}) | ${noSession ? `${fixed(noSession.rps)} (${(sum(cell.facet) / cell.facet.length / noSession.rps).toFixed(2)})` : '–'} |`,
        );
      }
    }
    const postgres = await withClient(
      database.url,
      async (client) => (await client.query('show server_version')).rows[0].server_version as string,
    );
    const load = (values: number[]) => values.map((value) => value.toFixed(1)).join(' / ');
    console.log(
      [
        `Run of ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, PostgreSQL ${postgres}, Node ${process.version}; ${SECONDS} s per measurement, ${ROUNDS} rounds; load average ${load(loadBefore)} before the rounds, ${load(loadAfter)} after (1 / 5 / 15 min).`,
        '',
        '| Request | Connections | Facet req/s (per round) | Facet p50 ms | Facet p99 ms | bare req/s | bare p50 ms | bare p99 ms | Facet ÷ bare, all rounds (each round) | bare without the session check, req/s (Facet ÷ it) |',
        '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
        ...rows,
        ...(failures.length > 0 ? ['', `Failed answers: ${failures.join('; ')}`] : []),
        '',
        `The session revoked in the database at the end: Facet answered ${revoked} to the next request of each kind.`,
      ].join('\n'),
    );
    log(`Done in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  } finally {
    await cleanUp();
  }
}

await main();

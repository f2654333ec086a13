/**
 * Stock search benchmark: a deterministic stock of 1,000,000 stones in PostgreSQL, ten representative
 * searches through the real server's `apis/diamond/paginate` at 1 and 16 concurrent clients, and the
 * very SQL of each search run directly through pg in the same run, as the baseline.
 *
 *   npm run stock -w @facet/bench
 *
 * Environment: BENCH_ADMIN_URL (a PostgreSQL superuser connection, default
 * postgres://postgres@127.0.0.1:5432/postgres), BENCH_STONES (default 1000000), BENCH_REUSE=1 to keep
 * an existing facet_bench database of the right size instead of rebuilding it, BENCH_SAMPLES (warm
 * requests per search at 1 client, default 60; 16 clients make 16 × BENCH_SAMPLES / 4), BENCH_COLD
 * (cold requests per search at 1 client, default 10; 16 clients make 16 × BENCH_COLD / 2), BENCH_ONLY
 * (run the searches whose name contains this text), BENCH_SERVER_NODE_ARGS (options of the server's node).
 *
 * The count and totals of a search are cached per filter until the stock changes (a write to `stones`
 * moves its version), and past 2,000 stones they are estimated from a sample of the table (flagged as
 * estimates: the "Stones found" column says so), so each search is measured twice:
 * - cold: right after a write to the stock (one stone's row updated through SQL, which the trigger logs
 *   like any write), so the endpoint counts the whole filtered set again; compared with the page and
 *   count queries run directly, the work the endpoint does on a miss;
 * - warm: the same search again with the stock unchanged, as when a trader pages or re-sorts; compared
 *   with the page query and the version read run directly, the work the endpoint does on a hit.
 *
 * The database facet_bench is dropped and rebuilt: migrations and masters by the server itself, the
 * stones by INSERT ... SELECT over generate_series (stock-data.ts, one session per CPU, each part
 * seeded) with indexes and triggers off, then the migration's indexes rebuilt and the table vacuumed
 * and analysed, as after any bulk load.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { paginateSchemaOf, resourcePaths, stoneResource } from '@facet/contract';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { POOL_OPTIONS } from '../apps/server/src/db/client.ts';
import * as schema from '../apps/server/src/db/schema.ts';
import { boundedCount, paginateQueries } from '../apps/server/src/resources/read.ts';
import { writeVersionQuery } from '../apps/server/src/resources/write-version.ts';
import { adminToken, type Figures, percentiles, startServer, timed } from './bench-server.ts';
import { stockInsertStatements } from './stock-data.ts';
import { ADMIN_URL, DATABASE, databaseUrl, masterIds, stockSearches, withClient } from './stock-searches.ts';

const STONES = Number(process.env.BENCH_STONES ?? 1_000_000);
const REUSE = process.env.BENCH_REUSE === '1';
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 60);
const COLD = Number(process.env.BENCH_COLD ?? 10);
const ONLY = process.env.BENCH_ONLY?.toLowerCase();
const CONCURRENT = 16;

const log = (message: string) => process.stderr.write(`${message}\n`);
const seconds = (started: number) => `${((performance.now() - started) / 1000).toFixed(1)} s`;

async function stoneCount(): Promise<number> {
  try {
    return await withClient(databaseUrl, async (client) => {
      const result = await client.query('select count(*)::int as n from stones');
      return result.rows[0].n as number;
    });
  } catch {
    return -1;
  }
}

/** Bulk load as one would: indexes and FK triggers off, INSERT ... SELECT, indexes rebuilt. */
async function generateStock(): Promise<void> {
  const ids = await masterIds();
  await withClient(databaseUrl, async (client) => {
    const started = performance.now();
    const indexes = await client.query<{ name: string; definition: string }>(
      `select indexname as name, indexdef as definition from pg_indexes
       where tablename = 'stones' and indexname not like '%_pkey'`,
    );
    await client.query('truncate stones cascade');
    for (const index of indexes.rows) await client.query(`drop index "${index.name}"`);
    // One part per CPU, each in its own session: the generation is CPU-bound.
    const parts = Math.max(1, Math.min(os.cpus().length, 4));
    const size = Math.ceil(STONES / parts);
    await Promise.all(
      Array.from({ length: parts }, (_, part) =>
        withClient(databaseUrl, async (loader) => {
          await loader.query('set session_replication_role = replica');
          const from = part * size + 1;
          for (const statement of stockInsertStatements(from, Math.min(STONES, from + size - 1), part, ids)) {
            await loader.query(statement);
          }
        }),
      ),
    );
    log(`  inserted ${STONES} stones in ${seconds(started)} (${parts} sessions)`);
    const indexed = performance.now();
    await client.query(`set maintenance_work_mem = '512MB'`);
    for (const index of indexes.rows) await client.query(index.definition);
    log(`  rebuilt ${indexes.rows.length} indexes in ${seconds(indexed)}`);
    const vacuumed = performance.now();
    await client.query('vacuum (analyze) stones');
    log(`  vacuum analyze in ${seconds(vacuumed)}`);
    // The load ran with triggers off, so it logs its write itself, as any bulk load bypassing them must.
    await client.query(`insert into table_writes (table_name) values ('stones')`);
  });
}

const ROUNDS = 4;

type Pair = { http: Figures; direct: Figures };

/**
 * Warm: `clients` loops running `perClient` timed calls each, for the HTTP call and the direct SQL
 * alike, with the stock unchanged (the count is cached after the first call). The two alternate in
 * rounds, so that both meet the same machine: on a shared two-CPU box the load of other processes
 * drifts, and a ratio of figures taken minutes apart would measure the drift.
 */
async function measureWarm(
  clients: number,
  perClient: number,
  http: () => Promise<void>,
  direct: () => Promise<void>,
): Promise<Pair> {
  for (let warm = 0; warm < 3; warm += 1) {
    await http();
    await direct();
  }
  const samples = { http: [] as number[], direct: [] as number[] };
  const run = async (call: () => Promise<void>, into: number[], count: number) => {
    await Promise.all(
      Array.from({ length: clients }, async () => {
        for (let index = 0; index < count; index += 1) await timed(call, into);
      }),
    );
  };
  for (let round = 0; round < ROUNDS; round += 1) {
    const count = Math.ceil(perClient / ROUNDS);
    await run(http, samples.http, count);
    await run(direct, samples.direct, count);
  }
  return { http: percentiles(samples.http), direct: percentiles(samples.direct) };
}

/**
 * Cold: `waves` times, a write to the stock, then `clients` HTTP calls at once, each arriving with the
 * cached count out of date; then another write and as many direct SQL runs at once.
 */
async function measureCold(
  clients: number,
  waves: number,
  http: () => Promise<void>,
  direct: () => Promise<void>,
  touch: () => Promise<void>,
): Promise<Pair> {
  const samples = { http: [] as number[], direct: [] as number[] };
  for (let wave = 0; wave < waves; wave += 1) {
    await touch();
    await Promise.all(Array.from({ length: clients }, () => timed(http, samples.http)));
    await touch();
    await Promise.all(Array.from({ length: clients }, () => timed(direct, samples.direct)));
  }
  return { http: percentiles(samples.http), direct: percentiles(samples.direct) };
}

const ms = (value: number) => value.toFixed(1);
const pairCells = ({ http, direct }: Pair) =>
  `${ms(http.p50)} / ${ms(http.p95)} | ${ms(direct.p50)} / ${ms(direct.p95)} | ${(http.p95 / direct.p95).toFixed(2)}`;

async function main() {
  const started = performance.now();
  const secret = randomBytes(32).toString('hex');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'facet-bench-'));
  const reuse = REUSE && (await stoneCount()) === STONES;
  if (!reuse) {
    log(`Rebuilding database ${DATABASE}`);
    await withClient(ADMIN_URL, async (client) => {
      await client.query(`drop database if exists ${DATABASE} with (force)`);
      await client.query(`create database ${DATABASE}`);
    });
  }
  const server = await startServer(secret, dataDir);
  // The server's pool, as db/client.ts opens it (same size, JIT and parallel workers off).
  const pool = new pg.Pool({ connectionString: databaseUrl, options: POOL_OPTIONS });
  try {
    if (!reuse) {
      log(`Generating ${STONES} stones`);
      await generateStock();
    }
    const token = await adminToken(secret);
    const db = drizzle({ client: pool, schema, casing: 'snake_case' });
    const machine = await withClient(databaseUrl, async (client) => {
      const version = await client.query('show server_version');
      const size = await client.query(`select pg_size_pretty(pg_total_relation_size('stones')) as total,
        pg_size_pretty(pg_relation_size('stones')) as heap`);
      return {
        postgres: version.rows[0].server_version as string,
        size: `${size.rows[0].heap} heap, ${size.rows[0].total} with indexes`,
      };
    });
    const perClient16 = Math.max(2, Math.round(SAMPLES / 4));
    const waves16 = Math.max(2, Math.round(COLD / 2));
    log(
      `Measuring: cold ${COLD} at 1 client and ${CONCURRENT} × ${waves16} at ${CONCURRENT}; warm ${SAMPLES} at 1 client and ${CONCURRENT} × ${perClient16} at ${CONCURRENT}`,
    );
    const schemaOfBody = paginateSchemaOf(stoneResource);
    const [touched] = (
      await pool.query<{ id: string }>('select id from stones where deleted_at is null limit 1')
    ).rows;
    // One stone's row rewritten as it is: a write the trigger logs, which moves the stock's version.
    const touch = async () => {
      await pool.query('update stones set updated_at = updated_at where id = $1', [touched?.id]);
    };
    const version = writeVersionQuery(db, 'stones').toSQL();
    const rows = { one: [] as string[], many: [] as string[] };
    for (const { name, body } of await stockSearches()) {
      if (ONLY && !name.toLowerCase().includes(ONLY)) continue;
      const http = async () => {
        const response = await fetch(`${server.url}/${resourcePaths(stoneResource).paginate}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `JWT ${token}` },
          body: JSON.stringify(body),
        });
        const text = await response.text();
        if (response.status !== 200) throw new Error(`${name}: ${response.status} ${text.slice(0, 300)}`);
      };
      const queries = paginateQueries(db, stoneResource, schemaOfBody.parse(body));
      const page = queries.rows.toSQL();
      // What the endpoint runs when the count is out of date: the page and the count, at once. The
      // count as the endpoint makes it: the bounded count with its sample, and the full count only
      // where those cannot answer.
      const counted = async () => {
        await Promise.all([pool.query(page.sql, page.params), boundedCount(stoneResource, queries)]);
      };
      // What it runs when the count is cached: the page and the stock's version, at once.
      const cached = async () => {
        await Promise.all([pool.query(page.sql, page.params), pool.query(version.sql, version.params)]);
      };
      // An estimate is shown beside the exact count, measured once here, to show how close it is.
      const first = await boundedCount(stoneResource, queries);
      const exact = first.estimated ? (await queries.total)[0]?.value : undefined;
      const found = exact === undefined ? `${first.value}` : `about ${first.value} (exact ${exact})`;
      const cold1 = await measureCold(1, COLD, http, counted, touch);
      const warm1 = await measureWarm(1, SAMPLES, http, cached);
      const cold16 = await measureCold(CONCURRENT, waves16, http, counted, touch);
      const warm16 = await measureWarm(CONCURRENT, perClient16, http, cached);
      rows.one.push(`| ${name} | ${found} | ${pairCells(cold1)} | ${pairCells(warm1)} |`);
      rows.many.push(`| ${name} | ${found} | ${pairCells(cold16)} | ${pairCells(warm16)} |`);
      log(`${rows.one.at(-1)}\n${rows.many.at(-1)}`);
    }
    const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
    const load = os.loadavg().map((value) => value.toFixed(1));
    const head = [
      '| Search | Stones found | cold HTTP | SQL page + count | p95 ratio | warm HTTP | SQL page + version | p95 ratio |',
      '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ];
    console.log(
      [
        `Machine: ${os.cpus().length} × ${cpu}, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB RAM, PostgreSQL ${machine.postgres}, Node ${process.version}; load average at the end ${load.join(' / ')} (1 / 5 / 15 min)`,
        `Stock: ${STONES} stones (${machine.size}). Times in ms, p50 / p95.`,
        '',
        `1 client: ${COLD} cold and ${SAMPLES} warm requests per search.`,
        '',
        ...head,
        ...rows.one,
        '',
        `${CONCURRENT} clients: ${CONCURRENT} × ${waves16} cold and ${CONCURRENT} × ${perClient16} warm requests per search.`,
        '',
        ...head,
        ...rows.many,
      ].join('\n'),
    );
    log(`Done in ${seconds(started)}`);
  } finally {
    await pool.end();
    server.child.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();

/**
 * Stone look-up benchmark: `apis/diamond/lookup`, the choice of one stone by part of its stock or
 * report number (featured stones, diamond journey, comment filters), on the million stones that
 * stock.ts built in facet_bench. Each look-up goes through the real server's HTTP API and, as the
 * baseline, the very SQL the endpoint runs (captured from `lookUpStones`) through pg, alternating in
 * rounds so that both meet the same machine.
 *
 *   npm run stock -w @facet/bench              # once, to build the stock
 *   npm run stone-lookup -w @facet/bench
 *
 * Environment: BENCH_ADMIN_URL as for stock.ts, BENCH_SAMPLES (look-ups per case, default 60).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathOf, STONE_LOOKUP_ENDPOINTS } from '@facet/contract';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { POOL_OPTIONS } from '../apps/server/src/db/client.ts';
import * as schema from '../apps/server/src/db/schema.ts';
import { lookUpStones } from '../apps/server/src/stone-lookup/stone-lookup-queries.ts';
import { adminToken, type Figures, percentiles, startServer, timed } from './bench-server.ts';
import { databaseUrl } from './stock-searches.ts';

const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 60);
const ROUNDS = 4;
/** What the stone choice asks for (apps/web/src/stock/stone-select.tsx). */
const CHOICES = 20;

/** What a user types, on stock.ts's stock: stock numbers HK0000001…, report numbers 2140000000 + 7n. */
const LOOKUPS = [
  { name: 'A whole stock number', search: 'HK0500000' },
  { name: 'Part of a stock number (1,000 stones)', search: 'hk0500' },
  { name: 'Part of a report number (143 stones)', search: '2143500' },
  { name: 'Two characters past the prefix (100,000 stones)', search: 'hk09' },
  { name: 'The first letter typed (every stone)', search: 'h' },
  { name: 'No stone', search: 'zz9' },
];

type Query = { sql: string; params: unknown[] };

/** The SQL `lookUpStones` runs for a request, captured by drizzle's logger. */
async function queriesOf(pool: pg.Pool, search: string): Promise<Query[]> {
  const captured: Query[] = [];
  const db = drizzle({
    client: pool,
    schema,
    casing: 'snake_case',
    logger: { logQuery: (sql, params) => captured.push({ sql, params }) },
  });
  await lookUpStones(db, { search, limit: CHOICES });
  return captured;
}

const cells = (figures: Figures) => `${figures.p50.toFixed(1)} / ${figures.p95.toFixed(1)}`;

async function main() {
  const secret = randomBytes(32).toString('hex');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'facet-bench-'));
  const pool = new pg.Pool({ connectionString: databaseUrl, options: POOL_OPTIONS });
  const stones = (await pool.query<{ n: number }>('select count(*)::int as n from stones')).rows[0]?.n ?? 0;
  if (stones === 0) throw new Error('facet_bench has no stones: run `npm run stock -w @facet/bench` first');
  const server = await startServer(secret, dataDir);
  try {
    const token = await adminToken(secret);
    const rows: string[] = [];
    for (const { name, search } of LOOKUPS) {
      const queries = await queriesOf(pool, search);
      let found = 0;
      const http = async () => {
        const response = await fetch(`${server.url}/${pathOf(STONE_LOOKUP_ENDPOINTS.lookup)}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `JWT ${token}` },
          body: JSON.stringify({ search, limit: CHOICES }),
        });
        const body = (await response.json()) as { data?: unknown[] };
        if (response.status !== 200) throw new Error(`${name}: ${response.status} ${JSON.stringify(body)}`);
        found = body.data?.length ?? 0;
      };
      // As the endpoint runs them: side by side, each on its own pooled connection.
      const direct = async () => {
        await Promise.all(queries.map((query) => pool.query(query.sql, query.params)));
      };
      const samples = { http: [] as number[], direct: [] as number[] };
      for (let warm = 0; warm < 3; warm += 1) {
        await http();
        await direct();
      }
      for (let round = 0; round < ROUNDS; round += 1) {
        for (let index = 0; index < SAMPLES / ROUNDS; index += 1) await timed(http, samples.http);
        for (let index = 0; index < SAMPLES / ROUNDS; index += 1) await timed(direct, samples.direct);
      }
      const httpFigures = percentiles(samples.http);
      const directFigures = percentiles(samples.direct);
      rows.push(
        `| ${name} | \`${search}\` | ${found} | ${cells(httpFigures)} | ${cells(directFigures)} | ${(httpFigures.p95 / directFigures.p95).toFixed(2)} |`,
      );
      process.stderr.write(`${rows.at(-1)}\n`);
    }
    const load = os.loadavg().map((value) => value.toFixed(1));
    console.log(
      [
        `${stones} stones; ${SAMPLES} look-ups per case; load average at the end ${load.join(' / ')}. Times in ms, p50 / p95.`,
        '',
        '| Look-up | Typed | Stones answered | HTTP | SQL | p95 ratio |',
        '| --- | --- | ---: | ---: | ---: | ---: |',
        ...rows,
      ].join('\n'),
    );
  } finally {
    await pool.end();
    server.child.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();

/**
 * The plans of the stock benchmark's searches: EXPLAIN (ANALYZE, BUFFERS) of the SQL the endpoint runs
 * for each (paginateQueries: the page, and the bounded count with the totals; BENCH_FULL_COUNT=1 adds
 * the full count, which the endpoint runs only when the bounded one cannot answer), on the facet_bench database
 * that stock.ts built. With the session settings of the server's pool (JIT and parallel workers off).
 *
 *   npm run stock-plans -w @facet/bench [-- 'name filter']
 */
import { paginateSchemaOf, stoneResource } from '@facet/contract';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { POOL_OPTIONS } from '../apps/server/src/db/client.ts';
import * as schema from '../apps/server/src/db/schema.ts';
import { paginateQueries } from '../apps/server/src/resources/read.ts';
import { databaseUrl, stockSearches } from './stock-searches.ts';

const only = process.argv[2]?.toLowerCase();
const pool = new pg.Pool({ connectionString: databaseUrl, options: POOL_OPTIONS, max: 1 });
const db = drizzle({ client: pool, schema, casing: 'snake_case' });
const schemaOfBody = paginateSchemaOf(stoneResource);

/** Literal parameters, so that the plan is the one of these values (as the pg driver's are). */
async function explain(query: { sql: string; params: unknown[] }): Promise<string> {
  const result = await pool.query(`explain (analyze, buffers) ${query.sql}`, query.params);
  return result.rows.map((row) => row['QUERY PLAN'] as string).join('\n');
}

try {
  for (const { name, body } of await stockSearches()) {
    if (only && !name.toLowerCase().includes(only)) continue;
    const queries = paginateQueries(db, stoneResource, schemaOfBody.parse(body));
    console.log(`\n=== ${name}\n--- page\n${await explain(queries.rows.toSQL())}`);
    if (queries.bounded)
      console.log(`--- bounded count and totals\n${await explain(queries.bounded.toSQL())}`);
    if (!queries.bounded || process.env.BENCH_FULL_COUNT === '1') {
      console.log(`--- count and totals\n${await explain(queries.total.toSQL())}`);
    }
  }
} finally {
  await pool.end();
}

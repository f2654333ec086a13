import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { LOCK_KEYS } from './lock-keys.ts';
import { releasingTransaction, watchPooledConnections } from './pooled-connections.ts';
import * as schema from './schema.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  /** Whether the database answers `select 1` within `timeoutMs`; rejects otherwise. */
  ping(timeoutMs: number): Promise<void>;
  close(): Promise<void>;
}

const MIGRATIONS_FOLDER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');
/** Session settings of the server's PostgreSQL connections (see openPostgres); the stock bench's too. */
export const POOL_OPTIONS = '-c jit=off -c max_parallel_workers_per_gather=0';

export interface DatabaseOptions {
  databaseUrl: string | undefined;
  dataDir: string;
  /**
   * A pooled connection broke (server restart, fail-over, terminated backend): the request it served, if
   * any, fails alone and the pool opens a new one when needed.
   */
  onConnectionLost?: (error: Error) => void;
}

/**
 * The extensions the migrations create, which PGlite must be given to have them: pg_trgm for the stock
 * search box's trigram index.
 */
export const PGLITE_EXTENSIONS = { pg_trgm, btree_gist };

/** PostgreSQL when DATABASE_URL is set, otherwise an embedded PGlite in DATA_DIR/pglite. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.onConnectionLost);
  // PGlite creates only the last folder of its data dir.
  mkdirSync(options.dataDir, { recursive: true });
  const client = await PGlite.create(path.join(options.dataDir, 'pglite'), { extensions: PGLITE_EXTENSIONS });
  const db = drizzlePglite({ client, schema, casing: 'snake_case' });
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER }),
    async ping() {
      await client.query('select 1');
    },
    close: () => client.close(),
  };
}

function openPostgres(connectionString: string, onConnectionLost?: (error: Error) => void): Database {
  // No JIT: the panel's queries are short, and on a million-row table their estimated cost passes
  // jit_above_cost, so PostgreSQL would spend 100–400 ms compiling a query that runs in 20 (stock bench).
  // No parallel workers: the server's queries run side by side, and on two cores the workers of one
  // take the CPU from the others; the stock bench's counts took twice as long with them.
  const pool = new pg.Pool({ connectionString, options: POOL_OPTIONS });
  const broken = watchPooledConnections(pool, onConnectionLost);
  const bind = (client: pg.Pool | pg.PoolClient) => drizzlePg({ client, schema, casing: 'snake_case' });
  const db = bind(pool);
  db.transaction = releasingTransaction(pool, broken, bind);
  return {
    db,
    kind: 'postgres',
    async migrate() {
      // The advisory lock is per connection, so migrate through one dedicated client.
      const client = await pool.connect();
      let failure: Error | undefined;
      try {
        await client.query('select pg_advisory_lock($1)', [LOCK_KEYS.migration]);
        await migratePg(drizzlePg({ client, casing: 'snake_case' }), { migrationsFolder: MIGRATIONS_FOLDER });
      } catch (error) {
        failure = error as Error;
        throw error;
      } finally {
        await client.query('select pg_advisory_unlock($1)', [LOCK_KEYS.migration]).catch(() => undefined);
        // A failed migration may leave the session in any state: close it rather than reuse it.
        client.release(failure);
      }
    },
    // On a connection of its own, not the pool's: a pool busy with slow requests says nothing of the
    // database, and an instance under load must not report itself down to its load balancer.
    async ping(timeoutMs) {
      const probe = new pg.Client({
        connectionString,
        connectionTimeoutMillis: timeoutMs,
        query_timeout: timeoutMs,
      });
      probe.on('error', () => undefined);
      try {
        await probe.connect();
        await probe.query('select 1');
      } finally {
        await probe.end().catch(() => undefined);
      }
    },
    close: () => pool.end(),
  };
}

/** PostgreSQL error code of a failed query, looking through drizzle's wrapper. */
export function pgErrorCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 3 && current && typeof current === 'object'; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export const UNIQUE_VIOLATION = '23505';

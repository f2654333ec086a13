import { createHash } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { tableWrites } from '../db/table-writes.ts';

/**
 * Tables whose every write is logged in `table_writes` by a statement trigger (`stones_log_write`,
 * written by hand in the migration that creates `table_writes`): their counts and totals may be cached
 * by the version of the table. A table added here needs the same trigger in a migration, or its cached
 * totals would go stale (stone-count-cache.api.test.ts checks the trigger exists).
 */
export const WRITE_LOGGED_TABLES: readonly string[] = ['stones'];

export function isWriteLogged(table: string): boolean {
  return WRITE_LOGGED_TABLES.includes(table);
}

/**
 * The table's version, as the snapshot of the statement it is part of sees it: the sum of its logged
 * writes. Every committed write adds to it, and what a later snapshot sees includes what an earlier one
 * saw, so two snapshots reading the same version see the same rows of the table. Text, so it compares
 * exactly.
 */
export function writeVersionOf(table: string): SQL<string> {
  return sql<string>`(select coalesce(sum(${tableWrites.writes}), 0)::text from ${tableWrites} where ${tableWrites.tableName} = ${table})`;
}

/** The query of readWriteVersion: the version, and how many log rows make it. */
export function writeVersionQuery(db: Db, table: string) {
  return db
    .select({ version: writeVersionOf(table), entries: sql<number>`count(*)::int` })
    .from(tableWrites)
    .where(sql`${tableWrites.tableName} = ${table}`);
}

/** Log rows of a table past which they are folded into one. */
const FOLD_AT = 64;
const folding = new WeakSet<Db>();

/**
 * The version of the table now, in one small query. Past FOLD_AT log rows, the rows are folded into one
 * holding their sum, beside the answer (the version is the same before and after).
 */
export async function readWriteVersion(db: Db, table: string): Promise<string> {
  const [row] = await writeVersionQuery(db, table);
  if ((row?.entries ?? 0) > FOLD_AT) foldWriteLog(db, table);
  return row?.version ?? '0';
}

/**
 * Replaces the table's log rows with one holding their sum, in one statement: a snapshot sees either
 * all the old rows or the folded one, with the same sum. Rows of writers still in progress are not
 * visible to it, so they stay. Not awaited; a failure (two instances folding at once) is harmless,
 * the next read folds again.
 */
function foldWriteLog(db: Db, table: string): void {
  if (folding.has(db)) return;
  folding.add(db);
  db.execute(
    sql`with folded as (delete from ${tableWrites} where ${tableWrites.tableName} = ${table} returning ${tableWrites.writes})
      insert into ${tableWrites} (table_name, writes) select ${table}, sum(writes) from folded having count(*) > 0`,
  )
    .catch(() => undefined)
    .finally(() => folding.delete(db));
}

/** What a count query answers: the count and the declared totals. */
export type CountRow = Record<string, unknown>;

interface Entry {
  version: string;
  row: CountRow;
}

/** Filters remembered per database; past this, the least recently used is forgotten. */
const MAX_ENTRIES = 1000;

/**
 * Counts and totals of list queries, each under the version of the table it was counted at. Per
 * process and per database: an entry is used only when the database answers the same version, so
 * another instance's writes, or a write by any code path, make it unused, never wrong.
 */
export class CountCache {
  private readonly entries = new Map<string, Entry>();
  /** Counts running now, by key: requests of the same filter at the same version wait for one. */
  private readonly running = new Map<string, { version: string; row: Promise<CountRow> }>();

  /** The key of a count query: its SQL text and parameters, hashed so that pasted lists stay small. */
  static keyOf(query: { sql: string; params: unknown[] }): string {
    return createHash('sha256')
      .update(query.sql)
      .update('\0')
      .update(JSON.stringify(query.params))
      .digest('hex');
  }

  get(key: string, version: string): CountRow | undefined {
    const entry = this.entries.get(key);
    if (!entry || entry.version !== version) return undefined;
    // Most recently used last.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.row;
  }

  /**
   * The cached row of `key` at `version`, else the count `run` answers, stored under the version its
   * own snapshot read (`row.version`). A request arriving while the same count runs for the same version
   * waits for it rather than counting again: that count started after the version was read, so it sees
   * at least what the waiting request would (sixteen traders opening the stock after an upload make
   * one count, not sixteen).
   */
  async count(key: string, version: string, run: () => Promise<CountRow>): Promise<CountRow> {
    const cached = this.get(key, version);
    if (cached) return cached;
    const same = this.running.get(key);
    if (same?.version === version) return same.row;
    const row = run();
    const running = { version, row };
    this.running.set(key, running);
    try {
      const counted = await row;
      this.set(key, String(counted.version ?? version), counted);
      return counted;
    } finally {
      if (this.running.get(key) === running) this.running.delete(key);
    }
  }

  set(key: string, version: string, row: CountRow): void {
    this.entries.delete(key);
    this.entries.set(key, { version, row });
    if (this.entries.size > MAX_ENTRIES) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
  }
}

const caches = new WeakMap<Db, CountCache>();

/** The count cache of this database (one per connection pool, so a test's servers never share one). */
export function countCacheOf(db: Db): CountCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = new CountCache();
    caches.set(db, cache);
  }
  return cache;
}

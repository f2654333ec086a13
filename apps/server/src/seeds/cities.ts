import { setTimeout as sleep } from 'node:timers/promises';
import { PGlite } from '@electric-sql/pglite';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { seedState } from '../db/seed-state-table.ts';
import { fixedBatchSize, TimedBatchSize } from './batch-size.ts';
import { type CityList, listOf, type SeedCity, worldCities } from './city-list.ts';

/**
 * PostgreSQL inserts off the main thread: large batches, the server answering meanwhile. One JSON
 * parameter each, so the size is bounded by time, not parameters.
 */
export const CITY_BATCH_SIZE = 5000;
/**
 * PGlite runs each query on the main thread and a transaction holds it whole, so a batch is a pause of
 * the server: batches are sized to take about this long, and the seed waits PGLITE_PAUSE_MS between two,
 * so requests that came meanwhile run (those with several queries too) before the next batch starts.
 * The goal is under 100 ms of waiting for any request; 25 ms batches 10 ms apart still let single
 * batches run to 400 ms on a busy machine, 15 and 15 kept them under 60 (docs/performance.md).
 */
const PGLITE_BATCH_MS = 15;
const PGLITE_PAUSE_MS = 15;
/**
 * The first batches run cold (plans, buffers, code not yet optimised) and took several times the target
 * just as the port opened, so the seed starts at the smallest size and grows to the measured one within a
 * few batches (docs/performance.md).
 */
const PGLITE_BATCH_SIZES = { targetMs: PGLITE_BATCH_MS, initial: 50, min: 50, max: CITY_BATCH_SIZE };
/** How often progress is logged: batches are too many to log each. */
const LOG_EVERY_MS = 2000;

/** The seed's row in seed_state: `progress` counts the rows of the list done, in the list's order. */
const SEED = 'city-rows';
/**
 * Versions before issue 12 counted batches of 5,000 in `progress` of this row. Its progress is taken
 * over once (takeTurn), and the row closed, so such a version, still running beside or rolled back to,
 * inserts nothing more.
 */
const LEGACY_SEED = 'cities';
const LEGACY_BATCH_SIZE = 5000;

/**
 * Creates the seed's row on first use, from the legacy row's progress, and closes the legacy row.
 * Instances racing here wait on each other's insert of the row, then on the legacy row's lock.
 */
async function createSeedRow(tx: Db, total: number): Promise<void> {
  const created = await tx
    .insert(seedState)
    .values({ name: SEED })
    .onConflictDoNothing()
    .returning({ name: seedState.name });
  if (!created.length) return;
  const fresh = await tx
    .insert(seedState)
    .values({ name: LEGACY_SEED, completedAt: sql`now()` })
    .onConflictDoNothing()
    .returning({ name: seedState.name });
  if (fresh.length) return;
  const [legacy] = await tx.select().from(seedState).where(eq(seedState.name, LEGACY_SEED)).for('update');
  const done = legacy?.completedAt ? total : Math.min(total, (legacy?.progress ?? 0) * LEGACY_BATCH_SIZE);
  await tx
    .update(seedState)
    .set({ progress: done, ...(done >= total ? { completedAt: sql`now()` } : {}) })
    .where(eq(seedState.name, SEED));
  await tx
    .update(seedState)
    .set({ completedAt: sql`coalesce(${seedState.completedAt}, now())` })
    .where(eq(seedState.name, LEGACY_SEED));
}

/**
 * Locks the seed's row (created on first use) and answers how many rows of the list are done, or
 * undefined once all are. Called first in each batch's transaction: the row stays locked, so two
 * instances take turns and each row of the list is inserted once.
 */
async function takeTurn(tx: Db, total: number): Promise<number | undefined> {
  const lock = () => tx.select().from(seedState).where(eq(seedState.name, SEED)).for('update');
  let [state] = await lock();
  if (!state) {
    await createSeedRow(tx, total);
    [state] = await lock();
  }
  return !state || state.completedAt ? undefined : state.progress;
}

/**
 * One batch, in its own transaction: a stop resumes at the next row not done. Answers the rows it
 * inserted from, and how many, or undefined when all were already done.
 */
async function seedBatch(
  db: Db,
  list: CityList,
  size: number,
): Promise<{ from: number; rows: number; done: boolean } | undefined> {
  return db.transaction(async (tx) => {
    const from = await takeTurn(tx, list.length);
    if (from === undefined) return undefined;
    const batch = list.slice(from, from + size);
    const done = from + batch.length >= list.length;
    const rows = JSON.stringify(
      batch.map((city) => ({ n: city.name.slice(0, 120), c: city.countryCode, s: city.stateCode })),
    );
    // Countries and states are matched by their codes in SQL, so no id map is built in memory; the
    // progress is advanced by the same statement (one round trip less per batch).
    await tx.execute(sql`with inserted as (
        insert into cities (name, country_id, state_id)
        select r.n, c.id,
          (select s.id from states s where s.country_id = c.id and s.code = r.s and s.deleted_at is null limit 1)
        from jsonb_to_recordset(cast(${rows} as jsonb)) as r(n text, c text, s text)
        join countries c on lower(c.code) = lower(r.c) and c.deleted_at is null
        returning 1
      )
      update seed_state set progress = ${from + batch.length},
        completed_at = case when ${done} then now() else completed_at end
      where name = ${SEED}`);
    return { from, rows: batch.length, done };
  });
}

/** Whether queries run on this process's main thread (embedded PGlite). */
function onMainThread(db: Db): boolean {
  return (db as { $client?: unknown }).$client instanceof PGlite;
}

export interface SeedCitiesOptions {
  /** Stops between batches; the next start resumes. */
  signal?: AbortSignal;
  /**
   * The server answers requests while the seed runs (the first start's seed in the background). Only
   * then do batches on PGlite keep short with pauses between them; a seed nobody waits beside (before
   * listening, `npm run seed:demo`) inserts as PostgreSQL does.
   */
  serving?: boolean;
  /** Tests pass a few cities and small batches; the default is the package's whole list. */
  source?: readonly SeedCity[];
  /** Rows per batch, the same for every batch; by default sized as the database needs (see above). */
  batchSize?: number;
}

/** The world's cities (~150k), batch by batch, resumable. */
export async function seedCities(
  db: Db,
  log: FastifyBaseLogger,
  options: SeedCitiesOptions = {},
): Promise<void> {
  const { signal } = options;
  const list = options.source ? listOf(options.source) : worldCities();
  const sharesThread = options.serving === true && onMainThread(db);
  const sizes = options.batchSize
    ? fixedBatchSize(options.batchSize)
    : sharesThread
      ? new TimedBatchSize(PGLITE_BATCH_SIZES)
      : fixedBatchSize(CITY_BATCH_SIZE);
  const started = performance.now();
  let batches = 0;
  /** The longest batch, logged at the end: on PGlite, the longest pause the seed made. */
  let longest = 0;
  let loggedAt = started;
  while (!signal?.aborted) {
    const batchStarted = performance.now();
    const batch = await seedBatch(db, list, sizes.next());
    if (!batch) return;
    const took = performance.now() - batchStarted;
    sizes.took(batch.rows, took);
    longest = Math.max(longest, took);
    batches += 1;
    const now = performance.now();
    if (batch.done) {
      log.info(
        { cities: list.length, batches, longestBatchMs: Math.round(longest), ms: Math.round(now - started) },
        'cities seeded',
      );
      return;
    }
    if (now - loggedAt >= LOG_EVERY_MS) {
      loggedAt = now;
      log.info(`cities seeded: ${batch.from + batch.rows} of ${list.length}`);
    }
    if (sharesThread) await sleep(PGLITE_PAUSE_MS);
  }
}

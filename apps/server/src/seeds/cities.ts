import { City } from 'country-state-city';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { seedState } from './seed-state-table.ts';

/**
 * Cities per statement: one JSON parameter each, so the size is bounded by time, not parameters.
 * PGlite runs queries on the main thread, so a batch is also a pause of the server (~250 ms at 5,000).
 */
export const CITY_BATCH_SIZE = 5000;
const SEED = 'cities';

/**
 * One batch, in its own transaction: the seed_state row is locked, so two instances take turns and
 * each batch is inserted once; a restart resumes at the recorded batch. Answers whether all are done.
 */
async function seedBatch(
  db: Db,
  all: readonly SeedCity[],
  size: number,
): Promise<{ done: boolean; index: number; inserted: boolean }> {
  return db.transaction(async (tx) => {
    await tx.insert(seedState).values({ name: SEED }).onConflictDoNothing();
    const [state] = await tx.select().from(seedState).where(eq(seedState.name, SEED)).for('update');
    if (!state || state.completedAt) return { done: true, index: state?.progress ?? 0, inserted: false };
    const index = state.progress;
    const batch = all.slice(index * size, (index + 1) * size);
    if (batch.length) {
      const rows = JSON.stringify(
        batch.map((city) => ({ n: city.name.slice(0, 120), c: city.countryCode, s: city.stateCode })),
      );
      // Countries and states are matched by their codes in SQL, so no id map is built in memory.
      await tx.execute(sql`insert into cities (name, country_id, state_id)
        select r.n, c.id,
          (select s.id from states s where s.country_id = c.id and s.code = r.s and s.deleted_at is null limit 1)
        from jsonb_to_recordset(cast(${rows} as jsonb)) as r(n text, c text, s text)
        join countries c on lower(c.code) = lower(r.c) and c.deleted_at is null`);
    }
    const done = (index + 1) * size >= all.length;
    await tx
      .update(seedState)
      .set({ progress: index + 1, ...(done ? { completedAt: sql`now()` } : {}) })
      .where(eq(seedState.name, SEED));
    return { done, index, inserted: true };
  });
}

export interface SeedCity {
  name: string;
  countryCode: string;
  stateCode: string;
}

export interface SeedCitiesOptions {
  /** Stops between batches; the next start resumes. */
  signal?: AbortSignal;
  /** Tests pass a few cities and small batches; the default is the package's whole list. */
  source?: readonly SeedCity[];
  batchSize?: number;
}

/** The world's cities (~150k), batch by batch, resumable. */
export async function seedCities(
  db: Db,
  log: FastifyBaseLogger,
  options: SeedCitiesOptions = {},
): Promise<void> {
  const { signal, batchSize = CITY_BATCH_SIZE } = options;
  const all = options.source ?? City.getAllCities();
  const batches = Math.ceil(all.length / batchSize);
  const started = performance.now();
  while (!signal?.aborted) {
    const { done, index, inserted } = await seedBatch(db, all, batchSize);
    if (!inserted) return;
    log.info(`cities seeded: batch ${index + 1} of ${batches}`);
    if (done) {
      log.info({ cities: all.length, ms: Math.round(performance.now() - started) }, 'cities seeded');
      return;
    }
  }
}

import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../app-context.ts';
import type { Db } from '../db/client.ts';
import { jobMarks } from '../db/job-marks-table.ts';
import { rowsOf } from '../db/sql-rows.ts';

/** `layout_search_days`' category of a search that named none, and its user once deleted. */
export const NONE_ID = '00000000-0000-0000-0000-000000000000';
/** `layout_search_days`' rows that count each search once, whatever categories it named: the totals. */
export const ALL_ID = 'ffffffff-ffff-ffff-ffff-ffffffffffff';

/** A closed day is rolled up this long after its midnight UTC, once its last searches have committed. */
const SETTLE_MINUTES = 15;
const CHUNK_DAYS = 31;

const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** Rolls the UTC days `first` to `last` up again from `layout_searches` (idempotent). */
export async function rebuildLayoutSearchDays(db: Db, first: string, last: string): Promise<void> {
  const start = `${first}T00:00:00Z`;
  const end = `${addDays(last, 1)}T00:00:00Z`;
  await db.execute(sql`delete from layout_search_days where day between ${first}::date and ${last}::date`);
  await db.execute(sql`insert into layout_search_days
      (day, layout_master_id, user_id, searches, zero_result_searches, result_sum, last_search_at)
    select (ls.created_at at time zone 'UTC')::date, c.master_id, coalesce(ls.user_id, ${NONE_ID}::uuid),
      count(*)::int, (count(*) filter (where ls.result_count = 0))::int, sum(ls.result_count)::bigint,
      max(ls.created_at)
    from layout_searches ls
    cross join lateral unnest(
      array_append(
        case when cardinality(ls.layout_master_ids) = 0 then array[${NONE_ID}::uuid]
          else ls.layout_master_ids end,
        ${ALL_ID}::uuid)
    ) as c(master_id)
    where ls.created_at >= ${start}::timestamptz and ls.created_at < ${end}::timestamptz
    group by 1, 2, 3`);
}

/**
 * The `job_marks` row of the roll-up: midnight (UTC) of the first day not rolled up yet. The report reads
 * the days before it from `layout_search_days` and the days from it on from `layout_searches`.
 */
export const LAYOUT_SEARCH_MARK = 'layout-search-days';

/**
 * The background job: rolls up the days closed since the mark, a month at most a run, and moves the mark
 * in the same transaction. The mark's row is locked `for update skip locked`, so one instance works and
 * the others skip. The first run only sets the mark at the first search's day (today without any).
 * Answers the days rolled up.
 */
export async function rollUpLayoutSearchDays(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ mark: jobMarks.mark })
      .from(jobMarks)
      .where(eq(jobMarks.name, LAYOUT_SEARCH_MARK))
      .for('update', { skipLocked: true });
    if (!row) {
      // No mark yet, or another instance holds it (and this insert does nothing).
      const [first] = rowsOf<{ day: string | null }>(
        await tx.execute(
          sql`select ((min(created_at) at time zone 'UTC')::date)::text as day from layout_searches`,
        ),
      );
      const day = first?.day ?? new Date().toISOString().slice(0, 10);
      await tx
        .insert(jobMarks)
        .values({ name: LAYOUT_SEARCH_MARK, mark: new Date(`${day}T00:00:00Z`) })
        .onConflictDoNothing();
      return 0;
    }
    const from = row.mark.toISOString().slice(0, 10);
    const closed = addDays(new Date(Date.now() - SETTLE_MINUTES * 60_000).toISOString().slice(0, 10), -1);
    const chunkEnd = addDays(from, CHUNK_DAYS - 1);
    const last = chunkEnd < closed ? chunkEnd : closed;
    if (last < from) return 0;
    await rebuildLayoutSearchDays(tx as unknown as Db, from, last);
    const next = new Date(`${addDays(last, 1)}T00:00:00Z`);
    await tx.update(jobMarks).set({ mark: next }).where(eq(jobMarks.name, LAYOUT_SEARCH_MARK));
    return Math.round((Date.parse(last) - Date.parse(from)) / 86_400_000) + 1;
  });
}

export const layoutSearchRollupJob = {
  name: 'layout-search-rollup',
  run: (ctx: AppContext) => rollUpLayoutSearchDays(ctx.db),
};

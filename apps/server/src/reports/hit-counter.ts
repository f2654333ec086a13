import {
  HIT_COUNTER_ENDPOINTS,
  type HitCounterRow,
  hitCounterReport,
  type ReportChart,
} from '@facet/contract';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../app-context.ts';
import type { Db } from '../db/client.ts';
import { jobMarks } from '../db/job-marks-table.ts';
import { rowsOf } from '../db/sql-rows.ts';
import type { AppRoute } from '../http/route.ts';
import { reportUseRoute } from './hit-counter-report-use.ts';
import { isoMoment, periodDayList, type ReportSource, reportRoutes, reportSortOf } from './report-routes.ts';

type Body = z.output<typeof HIT_COUNTER_ENDPOINTS.paginate.body>;

/** The `job_marks` row of the roll-up: midnight (UTC) of the first day not rolled up yet. */
export const PAGE_VISIT_MARK = 'page-visit-rollup';
/**
 * A day is closed this long after its midnight: a visit written in its last moment has committed by
 * then, so the roll-up never misses one.
 */
const SETTLE = sql`interval '10 minutes'`;
const BATCH = 1000;
const DAY_MS = 86_400_000;

const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);

/**
 * Rolls the closed days not rolled up yet (all of them with `rebuild`) into `page_visit_daily` and
 * moves the mark past them, in one transaction holding the mark's row: an instance that finds it
 * locked skips, so several instances roll each day once. Answers the days rolled up.
 */
export async function rollUpPageVisits(db: Db, { rebuild = false } = {}): Promise<number> {
  return db.transaction(async (tx) => {
    await tx
      .insert(jobMarks)
      .values({ name: PAGE_VISIT_MARK, mark: sql`'epoch'::timestamptz` })
      .onConflictDoNothing();
    const [held] = await tx
      .select({ mark: sql<string>`to_char(${jobMarks.mark} at time zone 'UTC', 'YYYY-MM-DD')` })
      .from(jobMarks)
      .where(eq(jobMarks.name, PAGE_VISIT_MARK))
      .for('update', { skipLocked: true });
    if (!held) return 0;
    const [bounds] = rowsOf<{ first: string | null; until: string }>(
      await tx.execute(sql`select
          to_char(min(tracked_at) at time zone 'UTC', 'YYYY-MM-DD') as first,
          to_char((now() - ${SETTLE}) at time zone 'UTC', 'YYYY-MM-DD') as until
        from page_tracking
        where deleted_at is null ${rebuild ? sql`` : sql`and tracked_at >= ${`${held.mark}T00:00:00Z`}::timestamptz`}`),
    );
    if (!bounds) return 0;
    const from = rebuild
      ? (bounds.first ?? bounds.until)
      : held.mark < (bounds.first ?? '')
        ? bounds.first
        : held.mark;
    const until = bounds.until;
    if (rebuild) await tx.execute(sql`delete from page_visit_daily`);
    if (from && from < until) {
      const start = `${from}T00:00:00Z`;
      const end = `${until}T00:00:00Z`;
      await tx.execute(sql`delete from page_visit_daily where day >= ${from}::date and day < ${until}::date`);
      await tx.execute(sql`insert into page_visit_daily (day, page, device, visits, visitors, last_visit_at)
        select (tracked_at at time zone 'UTC')::date, page, coalesce(device, ''), count(*)::int,
          count(distinct coalesce(created_by::text, user_name))::int, max(tracked_at)
        from page_tracking
        where deleted_at is null and tracked_at >= ${start}::timestamptz and tracked_at < ${end}::timestamptz
        group by 1, 2, 3
        order by 1`);
    }
    await tx
      .update(jobMarks)
      .set({ mark: sql`${`${until}T00:00:00Z`}::timestamptz` })
      .where(eq(jobMarks.name, PAGE_VISIT_MARK));
    return from && from < until ? Math.round((Date.parse(until) - Date.parse(from)) / DAY_MS) : 0;
  });
}

/** The background job: rolls up the days that closed since it last ran. */
export async function rollUpPageVisitsJob(ctx: AppContext): Promise<number> {
  return rollUpPageVisits(ctx.db);
}

/**
 * The period's visits a UTC day by page and device: the rolled-up days from page_visit_daily, the days
 * from the mark on (today, and any the job has not reached) from page_tracking itself.
 */
function dailyOf(body: Body): SQL {
  const end = nextDay(body.to);
  const mark = sql`coalesce((select to_char(mark at time zone 'UTC', 'YYYY-MM-DD') from job_marks
    where name = ${PAGE_VISIT_MARK}), '0001-01-01')::date`;
  const page = body.filter?.page;
  const device = body.filter?.device;
  const rolled: SQL[] = [sql`d.day >= ${body.from}::date`, sql`d.day < ${end}::date`, sql`d.day < ${mark}`];
  const raw: SQL[] = [
    sql`t.deleted_at is null`,
    sql`t.tracked_at >= greatest(${`${body.from}T00:00:00Z`}::timestamptz, ${mark}::timestamp at time zone 'UTC')`,
    sql`t.tracked_at < ${`${end}T00:00:00Z`}::timestamptz`,
  ];
  if (page) {
    rolled.push(sql`d.page = ${page}`);
    raw.push(sql`t.page = ${page}`);
  }
  if (device) {
    rolled.push(sql`d.device = ${device}`);
    raw.push(sql`t.device = ${device}`);
  }
  return sql`(select d.day, d.page, d.visits, d.visitors, d.last_visit_at
      from page_visit_daily d where ${sql.join(rolled, sql` and `)}
    union all
    select (t.tracked_at at time zone 'UTC')::date, t.page, count(*)::int,
      count(distinct coalesce(t.created_by::text, t.user_name))::int, max(t.tracked_at)
    from page_tracking t where ${sql.join(raw, sql` and `)}
    group by 1, 2, coalesce(t.device, '')) v`;
}

/**
 * The period's visits a day and page, devices added up: a page's days with visits are its rows, counted
 * without a `count(distinct)`, which sorts where a hash suffices.
 */
const pageDaysOf = (body: Body) => sql`(select v.day, v.page, sum(v.visits) as visits,
    sum(v.visitors) as visitors, max(v.last_visit_at) as last_visit_at
  from ${dailyOf(body)} group by v.day, v.page) v`;

const SORTS: Record<string, SQL> = {
  page: sql`lower(page)`,
  visits: sql`visits`,
  visitors: sql`visitors`,
  days: sql`days`,
  lastVisitAt: sql`last_visit_at`,
};

interface Row {
  page: string;
  visits: number;
  visitors: number;
  days: number;
  last_visit_at: Date | string | null;
}

const orderOf = (body: Body) => {
  const sort = reportSortOf(hitCounterReport, body.sort);
  return sql`${SORTS[sort.key] ?? SORTS.visits} ${sql.raw(sort.direction === 'asc' ? 'asc' : 'desc')}, page`;
};
/** The pages' figures from their days (`pageDaysOf`, or a reading of it named `v`). */
const pagesFrom = (days: SQL) => sql`select v.page, sum(v.visits)::int as visits,
    sum(v.visitors)::int as visitors, count(*)::int as days, max(v.last_visit_at) as last_visit_at
  from ${days} group by v.page`;

const rowOf = (row: Row): HitCounterRow => ({
  page: row.page,
  visits: Number(row.visits),
  visitors: Number(row.visitors),
  days: Number(row.days),
  lastVisitAt: isoMoment(row.last_visit_at),
});

async function pageOf(db: Db, body: Body, limit: number, offset: number): Promise<HitCounterRow[]> {
  const rows = rowsOf<Row>(
    await db.execute(
      sql`${pagesFrom(pageDaysOf(body))} order by ${orderOf(body)} limit ${limit} offset ${offset}`,
    ),
  );
  return rows.map(rowOf);
}

interface PeriodFigures {
  list: HitCounterRow[];
  pages: number;
  visits: number;
  visitors: number;
  byDay: Map<string, number>;
}

/**
 * A page of the hit counter, the period's totals and its visits a day, from one reading of the visits a
 * day and page. The page and the chart of one request ask with the same body, so they share it.
 */
const periodRead = new WeakMap<object, Promise<PeriodFigures>>();
function periodOf(db: Db, body: Body): Promise<PeriodFigures> {
  const known = periodRead.get(body);
  if (known) return known;
  const limit = body.limit ?? 1;
  const offset = ((body.page ?? 1) - 1) * limit;
  const read = (async (): Promise<PeriodFigures> => {
    const [figures] = rowsOf<{
      rows: Row[] | null;
      days: [string, number][] | null;
      pages: number;
      visits: number;
      visitors: number;
    }>(
      await db.execute(sql`with v as materialized (select * from ${pageDaysOf(body)}),
          g as (${pagesFrom(sql`v`)})
        select (select json_agg(p order by ${orderOf(body)})
            from (select * from g order by ${orderOf(body)} limit ${limit} offset ${offset}) p) as rows,
          (select json_agg(json_build_array(to_char(d.day, 'YYYY-MM-DD'), d.visits))
            from (select day, sum(visits)::int as visits from v group by day) d) as days,
          (select count(*) from g)::int as pages, (select coalesce(sum(visits), 0) from g)::int as visits,
          (select coalesce(sum(visitors), 0) from g)::int as visitors`),
    );
    return {
      list: (figures?.rows ?? []).map(rowOf),
      pages: Number(figures?.pages ?? 0),
      visits: Number(figures?.visits ?? 0),
      visitors: Number(figures?.visitors ?? 0),
      byDay: new Map((figures?.days ?? []).map(([day, visits]) => [day, Number(visits)])),
    };
  })();
  periodRead.set(body, read);
  return read;
}

/** The hit counter: pages by visits over the period, from the daily roll-up and today's visits. */
export function hitCounterSource(db: Db): ReportSource<Body, HitCounterRow> {
  return {
    async page(body) {
      const figures = await periodOf(db, body);
      return {
        list: figures.list,
        count: figures.pages,
        totals: { visits: figures.visits, visitors: figures.visitors, days: figures.byDay.size },
      };
    },
    async chart(body) {
      const { byDay } = await periodOf(db, body);
      const labels = periodDayList(body.from, body.to);
      return {
        kind: 'bar',
        labels,
        series: [{ key: 'visits', label: 'Visits', values: labels.map((day) => byDay.get(day) ?? 0) }],
      } satisfies ReportChart;
    },
    async *batches(body) {
      for (let offset = 0; ; offset += BATCH) {
        const rows = await pageOf(db, body, BATCH, offset);
        if (rows.length > 0) yield rows;
        if (rows.length < BATCH) return;
      }
    },
  };
}

/** `apis/analytics/hit-counter`, its export, and the reports' views and downloads beside it. */
export function hitCounterRoutes(ctx: AppContext): AppRoute[] {
  return [
    ...reportRoutes(ctx, hitCounterReport, HIT_COUNTER_ENDPOINTS, hitCounterSource(ctx.db)),
    reportUseRoute(ctx.db),
  ];
}

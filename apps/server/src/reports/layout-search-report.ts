import {
  LAYOUT_SEARCH_REPORT_ENDPOINTS,
  type LayoutSearchRow,
  layoutSearchReport,
  type ReportChart,
} from '@facet/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../app-context.ts';
import type { Db } from '../db/client.ts';
import { rowsOf } from '../db/sql-rows.ts';
import type { AppRoute } from '../http/route.ts';
import { ALL_ID, LAYOUT_SEARCH_MARK, NONE_ID } from './layout-search-rollup.ts';
import { isoMoment, periodDayList, type ReportSource, reportRoutes, reportSortOf } from './report-routes.ts';

type Body = z.output<typeof LAYOUT_SEARCH_REPORT_ENDPOINTS.paginate.body>;

const ANY_CATEGORY = 'Any category';
/** A search keeps the category it named after the category is deleted; its name is gone. */
const DELETED_CATEGORY = 'Deleted category';
const BATCH = 1000;
const DAY_MS = 86_400_000;

const list = <T>(value: T | readonly T[] | undefined): readonly T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value as T];

/** Midnight (UTC) of the first day not rolled up: the days before it are read from the roll-up. */
const MARK = sql`coalesce(
  (select (mark at time zone 'UTC')::date from job_marks where name = ${LAYOUT_SEARCH_MARK}),
  '1970-01-01'::date)`;

/**
 * The searches of the period (whole UTC days) by whom the filter names, as rows of a day, a category
 * and a user with their counts: the rolled-up days from `layout_search_days`, the others (today among
 * them) from the searches themselves, so a search counts at once. `once` counts each search once (its
 * category then null), for the totals and the chart; with a category filter, it counts once in each
 * category asked for, as the roll-up keeps no other count of them.
 */
function unitsOf(body: Body, once: boolean): SQL {
  const masters = list(body.filter?.layoutMasterId);
  const userId = body.filter?.userId;
  const whole = once && masters.length === 0;
  const start = `${body.from}T00:00:00Z`;
  const end = new Date(Date.parse(`${body.to}T00:00:00Z`) + DAY_MS).toISOString();

  const rolled: SQL[] = [
    sql`d.day >= ${body.from}::date`,
    sql`d.day <= ${body.to}::date`,
    sql`d.day < ${MARK}`,
    whole ? sql`d.layout_master_id = ${ALL_ID}::uuid` : sql`d.layout_master_id <> ${ALL_ID}::uuid`,
  ];
  if (userId) rolled.push(sql`d.user_id = ${userId}::uuid`);
  if (masters.length) rolled.push(sql`d.layout_master_id = any(${sql.param(masters)}::uuid[])`);

  const raw: SQL[] = [
    sql`ls.created_at >= greatest(${start}::timestamptz, ${MARK}::timestamp at time zone 'UTC')`,
    sql`ls.created_at < ${end}::timestamptz`,
  ];
  if (userId) raw.push(sql`ls.user_id = ${userId}::uuid`);
  if (masters.length) raw.push(sql`c.master_id = any(${sql.param(masters)}::uuid[])`);
  const categories = whole
    ? sql`array[null::uuid]`
    : sql`case when cardinality(ls.layout_master_ids) = 0 then array[null::uuid] else ls.layout_master_ids end`;

  return sql`(
    select d.day, case when d.layout_master_id = ${NONE_ID}::uuid then null else d.layout_master_id end as master_id,
      case when d.user_id = ${NONE_ID}::uuid then null else d.user_id end as user_id,
      d.searches, d.zero_result_searches as zero, d.result_sum, d.last_search_at as last_at
    from layout_search_days d
    where ${sql.join(rolled, sql` and `)}
    union all
    select (ls.created_at at time zone 'UTC')::date, c.master_id, ls.user_id,
      1, case when ls.result_count = 0 then 1 else 0 end, ls.result_count, ls.created_at
    from layout_searches ls
    cross join lateral unnest(${categories}) as c(master_id)
    where ${sql.join(raw, sql` and `)}
  ) s`;
}

/** The category's name as the row reads it (an output name cannot be sorted inside an expression). */
const CATEGORY = sql`case when g.layout_master_id is null then ${ANY_CATEGORY}
  else coalesce(lm.name, ${DELETED_CATEGORY}) end`;

const SORTS: Record<string, SQL> = {
  searches: sql`searches`,
  searchers: sql`searchers`,
  zeroResultSearches: sql`zero_result_searches`,
  lastSearchAt: sql`last_search_at`,
  category: sql`lower(${CATEGORY})`,
};

interface Row {
  layout_master_id: string | null;
  category: string;
  searches: number;
  searchers: number;
  zero_result_searches: number;
  average_results: number | null;
  last_search_at: Date | string | null;
}

async function pageOf(db: Db, body: Body, limit: number, offset: number): Promise<LayoutSearchRow[]> {
  const sort = reportSortOf(layoutSearchReport, body.sort);
  const direction = sql.raw(sort.direction === 'asc' ? 'asc' : 'desc');
  const rows = rowsOf<Row>(
    await db.execute(sql`select g.*, ${CATEGORY} as category
      from (
        select s.master_id as layout_master_id, sum(s.searches)::int as searches,
          count(distinct s.user_id)::int as searchers,
          sum(s.zero)::int as zero_result_searches,
          round(sum(s.result_sum)::numeric / nullif(sum(s.searches), 0), 1)::float8 as average_results,
          max(s.last_at) as last_search_at
        from ${unitsOf(body, false)}
        group by s.master_id
      ) g
      left join layout_masters lm on lm.id = g.layout_master_id
      order by ${SORTS[sort.key] ?? SORTS.searches} ${direction}, lower(coalesce(lm.name, '')), g.layout_master_id
      limit ${limit} offset ${offset}`),
  );
  return rows.map((row) => ({
    layoutMasterId: row.layout_master_id,
    category: row.category,
    searches: Number(row.searches),
    searchers: Number(row.searchers),
    zeroResultSearches: Number(row.zero_result_searches),
    averageResults: row.average_results === null ? null : Number(row.average_results),
    lastSearchAt: isoMoment(row.last_search_at),
  }));
}

/**
 * The layout search report: the closed days from their daily roll-up (layout-search-rollup.ts), the
 * days since from the searches.
 */
export function layoutSearchSource(db: Db): ReportSource<Body, LayoutSearchRow> {
  return {
    async page(body) {
      const [list, totals] = await Promise.all([
        pageOf(db, body, body.limit, (body.page - 1) * body.limit),
        db.execute(sql`select
            (select count(*) from (select 1 from ${unitsOf(body, false)} group by s.master_id) g)::int as groups,
            t.searches, t.searchers, t.zero_result_searches
          from (select coalesce(sum(s.searches), 0)::int as searches,
              count(distinct s.user_id)::int as searchers,
              coalesce(sum(s.zero), 0)::int as zero_result_searches
            from ${unitsOf(body, true)}) t`),
      ]);
      const [total] = rowsOf<{
        groups: number;
        searches: number;
        searchers: number;
        zero_result_searches: number;
      }>(totals);
      return {
        list,
        count: Number(total?.groups ?? 0),
        totals: {
          searches: Number(total?.searches ?? 0),
          searchers: Number(total?.searchers ?? 0),
          zeroResultSearches: Number(total?.zero_result_searches ?? 0),
        },
      };
    },
    async chart(body) {
      const rows = rowsOf<{ day: string; searches: number; zero_result_searches: number }>(
        await db.execute(sql`select s.day::text as day, sum(s.searches)::int as searches,
            sum(s.zero)::int as zero_result_searches
          from ${unitsOf(body, true)}
          group by s.day`),
      );
      const byDay = new Map(rows.map((row) => [row.day, row]));
      const labels = periodDayList(body.from, body.to);
      return {
        kind: 'line',
        labels,
        series: [
          {
            key: 'searches',
            label: 'Searches',
            values: labels.map((day) => Number(byDay.get(day)?.searches ?? 0)),
          },
          {
            key: 'zeroResultSearches',
            label: 'Found nothing',
            values: labels.map((day) => Number(byDay.get(day)?.zero_result_searches ?? 0)),
          },
        ],
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

/** `admin/layoutsearch/paginate` and `admin/layoutsearch/export`. */
export function layoutSearchReportRoutes(ctx: AppContext): AppRoute[] {
  return reportRoutes(ctx, layoutSearchReport, LAYOUT_SEARCH_REPORT_ENDPOINTS, layoutSearchSource(ctx.db));
}

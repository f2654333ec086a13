import {
  CUSTOMER_LAYOUT_ENDPOINTS,
  type CustomerLayout,
  type CustomerLayoutSearchRequest,
  formatCarat,
  LAYOUT_SEARCH_MESSAGES,
} from '@facet/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../app-context.ts';
import type { Db } from '../db/client.ts';
import { likePattern } from '../db/paging.ts';
import { rowsOf } from '../db/sql-rows.ts';
import { ok } from '../http/envelope.ts';
import { type AppRoute, implement } from '../http/route.ts';
import { type LayoutSummaryColumns, layoutSummaryJoin, numberOrNull, rangeText } from './layout-query.ts';
import { layoutSearches } from './layout-search-table.ts';

/**
 * A layout's summary as a customer reads it: over its stones in stock and shown (a hidden stone is no
 * more part of the offer than a deleted one), where the staff's list counts every stone still in stock.
 */
const SUMMARY = layoutSummaryJoin(sql`and s.is_active`);

interface Row extends LayoutSummaryColumns {
  id: string;
  layout_number: string;
  name: string;
  layout_master_id: string | null;
  layout_master_title: string | null;
  description: string | null;
}

const list = <T>(value: T | readonly T[] | undefined): readonly T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value as T];

/** The layouts on offer (live, active, with a stone to show) that the criteria keep. */
function whereOf(request: CustomerLayoutSearchRequest): SQL {
  const filter = request.filter ?? {};
  const conditions: SQL[] = [sql`l.deleted_at is null`, sql`l.is_active`, sql`m.stone_count > 0`];
  const masters = list(filter.layoutMasterId);
  if (masters.length) conditions.push(sql`l.layout_master_id = any(${sql.param(masters)}::uuid[])`);
  const shapes = list(filter.shapeId);
  if (shapes.length) {
    conditions.push(sql`exists (select 1 from layout_stones ls join stones s on s.id = ls.stone_id
      where ls.layout_id = l.id and s.deleted_at is null and s.is_active
        and s.shape_id = any(${sql.param(shapes)}::uuid[]))`);
  }
  for (const [range, expr] of [
    [filter.carats, sql`m.carats`],
    [filter.stoneCount, sql`m.stone_count`],
  ] as const) {
    if (range?.from !== undefined) conditions.push(sql`${expr} >= ${range.from}`);
    if (range?.to !== undefined) conditions.push(sql`${expr} <= ${range.to}`);
  }
  if (request.search) {
    const pattern = likePattern(request.search);
    conditions.push(sql`(l.layout_number ilike ${pattern} or l.name ilike ${pattern})`);
  }
  return sql.join(conditions, sql` and `);
}

function toCustomerLayout(row: Row): CustomerLayout {
  const caratFrom = numberOrNull(row.carat_from);
  const caratTo = numberOrNull(row.carat_to);
  return {
    id: row.id,
    layoutNumber: row.layout_number,
    name: row.name,
    layoutMasterId: row.layout_master_id,
    layoutMasterTitle: row.layout_master_title,
    description: row.description,
    stoneCount: Number(row.stone_count),
    carats: Number(row.carats),
    amount: Number(row.amount),
    averageDiscount: numberOrNull(row.average_discount),
    averagePricePerCarat: numberOrNull(row.average_price_per_carat),
    colorRange: rangeText(row.color_from, row.color_to),
    clarityRange: rangeText(row.clarity_from, row.clarity_to),
    sizeRange:
      caratFrom === null || caratTo === null ? null : rangeText(formatCarat(caratFrom), formatCarat(caratTo)),
  };
}

/** A page of the layouts on offer that a customer's criteria keep, by layout number, and their count. */
export async function searchLayouts(
  db: Db,
  request: CustomerLayoutSearchRequest,
): Promise<{ list: CustomerLayout[]; count: number }> {
  const from = sql`from layouts l left join layout_masters lm on lm.id = l.layout_master_id ${SUMMARY}`;
  const where = whereOf(request);
  const offset = (request.page - 1) * request.limit;
  const [rows, totals] = await Promise.all([
    db.execute(sql`select l.id, l.layout_number, l.name, l.layout_master_id,
        lm.name as layout_master_title, l.description, m.* ${from} where ${where}
      order by lower(l.layout_number), l.id limit ${request.limit} offset ${offset}`),
    db.execute(sql`select count(*)::int as count ${from} where ${where}`),
  ]);
  const [total] = rowsOf<{ count: number }>(totals);
  return { list: rowsOf<Row>(rows).map(toCustomerLayout), count: Number(total?.count ?? 0) };
}

/** The customers' layout search; its first page is a search, recorded for the layout search report. */
export function customerLayoutSearchRoutes(ctx: AppContext): AppRoute[] {
  return [
    implement(CUSTOMER_LAYOUT_ENDPOINTS.search, async ({ body, auth, request }) => {
      const page = await searchLayouts(ctx.db, body);
      // A further page of the same results is no new search.
      if (body.page === 1) {
        // A plain insert: layout searches are few, and the report counts them at once. A failure to
        // record is logged, never turned into a failed search.
        await ctx.db
          .insert(layoutSearches)
          .values({
            userId: auth.user.id,
            body: {
              ...(body.filter ? { filter: body.filter } : {}),
              ...(body.search ? { search: body.search } : {}),
            },
            layoutMasterIds: [...new Set(list(body.filter?.layoutMasterId))],
            resultCount: page.count,
          })
          .catch((error: unknown) => request.log.error({ err: error }, 'layout search not recorded'));
      }
      return ok(LAYOUT_SEARCH_MESSAGES.found(page.count), page);
    }),
  ];
}

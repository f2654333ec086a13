import {
  CUSTOMER_SEARCH_ENDPOINTS,
  CUSTOMER_STONE_COLUMNS,
  FOUR_C_ENDPOINTS,
  fourCReport,
  SEARCH_DAY_ENDPOINTS,
  SEARCH_SOLD_ENDPOINTS,
  SEARCH_SUMMARY_ENDPOINTS,
  searchDayReport,
  searchSoldReport,
  searchSummaryReport,
  stoneResource,
} from '@facet/contract';
import type { AppContext } from '../app-context.ts';
import { ok } from '../http/envelope.ts';
import { implement } from '../http/route.ts';
import { paginateRecords } from '../resources/read.ts';
import { buyableCondition } from '../stock/stone-availability.ts';
import { reportRoutes } from './report-routes.ts';
import {
  fourCSource,
  searchDaySource,
  searchSoldSource,
  searchSummarySource,
} from './search-report-sources.ts';
import { rollUpClosedDays } from './search-rollups.ts';

/** The four search reports (docs/reports.md, "Search reports"). */
export function searchReportRoutes(ctx: AppContext) {
  return [
    ...reportRoutes(ctx, searchSummaryReport, SEARCH_SUMMARY_ENDPOINTS, searchSummarySource(ctx.db)),
    ...reportRoutes(ctx, searchDayReport, SEARCH_DAY_ENDPOINTS, searchDaySource(ctx.db)),
    ...reportRoutes(ctx, fourCReport, FOUR_C_ENDPOINTS, fourCSource(ctx.db)),
    ...reportRoutes(ctx, searchSoldReport, SEARCH_SOLD_ENDPOINTS, searchSoldSource(ctx.db)),
  ];
}

/**
 * `apis/customer/diamond/search`: the stock search run for a customer, over the stones a customer can
 * buy (shown, available), answering the customer's fields; recorded for the search reports as the
 * staff's searches are (stone-hooks.ts).
 */
export function customerSearchRoutes(ctx: AppContext) {
  return [
    implement(CUSTOMER_SEARCH_ENDPOINTS.search, async ({ body, auth }) => {
      const started = performance.now();
      const page = await paginateRecords(
        ctx.db,
        stoneResource,
        { ...body, columns: CUSTOMER_STONE_COLUMNS },
        buyableCondition(),
      );
      ctx.searchRecorder.record(auth.user.id, body, page.count, performance.now() - started);
      // The stock's totals (carats, amounts) are the staff's figures: a customer gets the stones and the count.
      return ok('Stones found.', {
        list: page.list as unknown as { id: string; stockNumber: string }[],
        count: page.count,
        ...(page.estimated ? { estimated: true } : {}),
      });
    }),
  ];
}

/** Rolls up the closed UTC days of searches, on one instance at a time. */
export const searchRollupJob = { name: 'search-rollup', run: (ctx: AppContext) => rollUpClosedDays(ctx.db) };

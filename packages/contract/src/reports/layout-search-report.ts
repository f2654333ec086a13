import { z } from 'zod';
import { oneOrMany } from '../resources/list-request.ts';
import { LAYOUT_SEARCH_SORT, type LayoutSearchRow, layoutSearchReport } from './layout-search-declaration.ts';
import { reportEndpointsOf } from './report-spec.ts';

export { LAYOUT_SEARCH_SORT, type LayoutSearchRow, layoutSearchReport };

// The report over the customers' layout searches (`layout_searches`, written by
// `apis/customer/layout/search`), read at once: a search counts as soon as it is answered.

const layoutSearchReportFilter = z.strictObject({
  layoutMasterId: oneOrMany(z.uuid({ error: 'Choose a layout category from the list.' })).optional(),
  userId: z.uuid({ error: 'Choose a user from the list.' }).optional(),
});
/** One layout category and its searches (LayoutSearchRow, layout-search-declaration.ts). */
export const layoutSearchRowSchema = z.object({
  layoutMasterId: z.string().nullable(),
  category: z.string(),
  searches: z.number().int(),
  searchers: z.number().int(),
  zeroResultSearches: z.number().int(),
  averageResults: z.number().nullable(),
  lastSearchAt: z.string().nullable(),
}) satisfies z.ZodType<LayoutSearchRow>;

export const LAYOUT_SEARCH_REPORT_ENDPOINTS = reportEndpointsOf(
  layoutSearchReport,
  { filter: layoutSearchReportFilter, sortKeys: LAYOUT_SEARCH_SORT, row: layoutSearchRowSchema },
  {
    tag: 'Search reports',
    summary:
      'Layout searches by layout category, with searchers, searches that found nothing and the last search.',
  },
);

import { field } from '../resources/fields.ts';
import { defineReport } from './report-declaration.ts';

// The layout search report's declaration, free of zod: its screen downloads it, the schemas stay with
// the endpoints (layout-search-report.ts).

export const LAYOUT_SEARCH_SORT = [
  'searches',
  'searchers',
  'zeroResultSearches',
  'lastSearchAt',
  'category',
] as const;

/**
 * One layout category (layout master) and the searches that asked for it; a search naming several
 * categories counts once for each, and one naming none counts under "Any category".
 */
export interface LayoutSearchRow {
  /** Null for the searches that named no category. */
  layoutMasterId: string | null;
  category: string;
  searches: number;
  /** Different customers who searched it. */
  searchers: number;
  /** Searches that found no layout: layouts to make. */
  zeroResultSearches: number;
  /** Mean layouts found, null without searches. */
  averageResults: number | null;
  lastSearchAt: string | null;
}

export const layoutSearchReport = defineReport<LayoutSearchRow>({
  key: 'layout-search',
  title: 'Layout search',
  description:
    'What customers search for in the certified layouts, by layout category, and how often nothing was found.',
  screen: 'layout-search',
  module: 'Layout Search',
  paginatePath: 'admin/layoutsearch/paginate',
  exportPath: 'admin/layoutsearch/export',
  columns: [
    { key: 'category', spec: field.text('Layout category') },
    { key: 'searches', spec: field.integer('Searches') },
    { key: 'searchers', spec: field.integer('Searchers') },
    { key: 'zeroResultSearches', spec: field.integer('Found nothing') },
    { key: 'averageResults', spec: field.decimal('Layouts found (mean)', { scale: 1 }) },
    { key: 'lastSearchAt', spec: field.datetime('Last search') },
  ],
  filters: {
    layoutMasterId: field.reference('Layout category', 'layoutMaster'),
    userId: field.user('Customer'),
  },
  sortKeys: LAYOUT_SEARCH_SORT,
  defaultSort: { key: 'searches', direction: 'desc' },
  chartTitle: 'Layout searches by day',
  defaultDays: 30,
});

import { field } from '../resources/fields.ts';
import { SEARCH_TYPE_OPTIONS } from '../search-history/search-history-rules.ts';
import { CARAT_BRACKET_OPTIONS } from '../stock/carat-brackets.ts';
import { defineReport } from './report-declaration.ts';
import type { FourCCell, SearchDayRow, SearchSoldCell, SearchSummaryRow } from './search-reports.ts';

// The search reports' declarations, free of zod: the screens download these, the schemas stay with the
// endpoints (search-reports.ts).

const searchFilterSpecs = {
  searchType: field.enum('Search type', SEARCH_TYPE_OPTIONS),
  userId: field.user('User'),
};

// --- Search summary: searches by one of what a search names -------------------------------------------

/** What the search summary counts searches by. */
export const SEARCH_DIMENSION_OPTIONS = [
  { value: 'shape', label: 'Shape' },
  { value: 'color', label: 'Color' },
  { value: 'clarity', label: 'Clarity' },
  { value: 'caratBracket', label: 'Carat' },
  { value: 'lab', label: 'Lab' },
] as const;
export type SearchDimension = (typeof SEARCH_DIMENSION_OPTIONS)[number]['value'];

export const SEARCH_SUMMARY_SORT = ['searches', 'zeroResultSearches', 'value'] as const;

export const searchSummaryReport = defineReport<SearchSummaryRow>({
  key: 'search-summary',
  title: 'Search summary',
  description:
    'What customers search for, by shape, colour, clarity, carat or lab, and how often nothing was found.',
  screen: 'search-summary',
  module: 'Search Summary',
  paginatePath: 'admin/search/summary',
  exportPath: 'admin/search/summary/export',
  columns: [
    { key: 'value', spec: field.text('Value') },
    { key: 'searches', spec: field.integer('Searches') },
    { key: 'zeroResultSearches', spec: field.integer('Found nothing') },
    { key: 'averageResults', spec: field.decimal('Stones found (mean)', { scale: 1 }) },
  ],
  filters: { by: field.enum('By', SEARCH_DIMENSION_OPTIONS), ...searchFilterSpecs },
  countedBy: { filter: 'by', fallback: 'shape', column: 'value' },
  sortKeys: SEARCH_SUMMARY_SORT,
  defaultSort: { key: 'searches', direction: 'desc' },
  chartTitle: 'Searches and searches that found nothing',
  defaultDays: 30,
});

export const SEARCH_DAY_SORT = ['day', 'searches', 'zeroResultSearches'] as const;

export const searchDayReport = defineReport<SearchDayRow>({
  key: 'summary',
  title: 'Summary',
  description: 'Searches a day: how many, by how many people, and how many found nothing.',
  screen: 'summary',
  module: 'Summary',
  paginatePath: 'apis/diamond/search/report',
  exportPath: 'apis/diamond/search/report/export',
  columns: [
    { key: 'day', spec: field.date('Day') },
    { key: 'searches', spec: field.integer('Searches') },
    { key: 'searchers', spec: field.integer('Searchers') },
    { key: 'zeroResultSearches', spec: field.integer('Found nothing') },
    { key: 'averageResults', spec: field.decimal('Stones found (mean)', { scale: 1 }) },
  ],
  filters: searchFilterSpecs,
  sortKeys: SEARCH_DAY_SORT,
  defaultSort: { key: 'day', direction: 'desc' },
  chartTitle: 'Searches by day',
  defaultDays: 30,
});

const cellFilterSpecs = {
  shapeId: field.masterValue('Shape', 'SHAPE'),
  caratBracket: field.enum('Carat', CARAT_BRACKET_OPTIONS),
  ...searchFilterSpecs,
};
export const FOUR_C_SORT = ['searches', 'stones', 'color', 'clarity'] as const;

export const fourCReport = defineReport<FourCCell>({
  key: 'four-c',
  title: '4 C search',
  description: 'How often each colour and clarity is searched, against the stones in stock for it.',
  screen: 'Four-C',
  module: '4 C',
  paginatePath: 'apis/diamond/fourcsearch/paginate',
  exportPath: 'apis/diamond/fourcsearch/export',
  columns: [
    { key: 'color', spec: field.text('Color') },
    { key: 'clarity', spec: field.text('Clarity') },
    { key: 'searches', spec: field.integer('Searches') },
    { key: 'stones', spec: field.integer('Stones in stock') },
  ],
  filters: cellFilterSpecs,
  sortKeys: FOUR_C_SORT,
  defaultSort: { key: 'searches', direction: 'desc' },
  chartTitle: 'Searches and stones in stock by colour',
  defaultDays: 90,
});
export const SEARCH_SOLD_SORT = ['searches', 'sold', 'conversion', 'color', 'clarity'] as const;

export const searchSoldReport = defineReport<SearchSoldCell>({
  key: 'search-vs-sold',
  title: 'Search vs sold',
  description: 'For each colour and clarity, the searches against the stones sold, and the conversion rate.',
  screen: 'sale/summary',
  module: 'Search vs Sold',
  paginatePath: 'apis/diamond/sale/summary',
  exportPath: 'apis/diamond/sale/summary/export',
  columns: [
    { key: 'color', spec: field.text('Color') },
    { key: 'clarity', spec: field.text('Clarity') },
    { key: 'searches', spec: field.integer('Searches') },
    { key: 'sold', spec: field.integer('Sold') },
    { key: 'conversion', spec: field.decimal('Conversion', { scale: 2, display: 'percent' }) },
  ],
  filters: cellFilterSpecs,
  sortKeys: SEARCH_SOLD_SORT,
  defaultSort: { key: 'searches', direction: 'desc' },
  chartTitle: 'Searches and stones sold by colour',
  defaultDays: 90,
});

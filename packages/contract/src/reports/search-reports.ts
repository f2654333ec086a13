import { z } from 'zod';
import { literalsOf, oneOrMany } from '../resources/list-request.ts';
import { SEARCH_HISTORY_MESSAGES, SEARCH_TYPE_OPTIONS } from '../search-history/search-history-rules.ts';
import { CARAT_BRACKET_OPTIONS } from '../stock/carat-brackets.ts';
import { reportEndpointsOf } from './report-spec.ts';
import {
  FOUR_C_SORT,
  fourCReport,
  SEARCH_DAY_SORT,
  SEARCH_DIMENSION_OPTIONS,
  SEARCH_SOLD_SORT,
  SEARCH_SUMMARY_SORT,
  type SearchDimension,
  searchDayReport,
  searchSoldReport,
  searchSummaryReport,
} from './search-report-declarations.ts';

// The reports over the stone searches (`stone_searches`: the staff's stock screen and the customers'
// search), read from daily roll-ups (docs/reports.md says which figures are current at once).

const TAG = 'Search reports';

const searchType = literalsOf(SEARCH_TYPE_OPTIONS, SEARCH_HISTORY_MESSAGES.invalidSearchType);
/** Who searched and how: the filters every search report takes. */
const searchFilterFields = {
  searchType: oneOrMany(searchType).optional(),
  userId: z.uuid().optional(),
};

const searchSummaryFilter = z.strictObject({
  by: z
    .enum(SEARCH_DIMENSION_OPTIONS.map((option) => option.value) as [SearchDimension, ...SearchDimension[]], {
      error: 'Choose what to count the searches by: shape, color, clarity, carat or lab.',
    })
    .default('shape'),
  ...searchFilterFields,
});

/**
 * One value of the dimension (a shape, a colour, a carat bracket...) and the searches that asked for it;
 * a search naming several values counts once for each, and one naming none counts under "Any".
 */
export const searchSummaryRowSchema = z.object({
  /** The master value's id, the bracket's index as text, or null for the searches that named none. */
  valueId: z.string().nullable(),
  value: z.string(),
  searches: z.number().int(),
  /** Searches that found no stone: stock to buy. */
  zeroResultSearches: z.number().int(),
  /** Mean stones found, null without searches. */
  averageResults: z.number().nullable(),
});
export type SearchSummaryRow = z.infer<typeof searchSummaryRowSchema>;

// --- Summary: searches by day --------------------------------------------------------------------------

const searchDayFilter = z.strictObject(searchFilterFields);

export const searchDayRowSchema = z.object({
  day: z.string(),
  searches: z.number().int(),
  /** Different users who searched that day. */
  searchers: z.number().int(),
  zeroResultSearches: z.number().int(),
  averageResults: z.number().nullable(),
});
export type SearchDayRow = z.infer<typeof searchDayRowSchema>;

// --- Four-C and Search vs Sold: colour by clarity for one shape and carat bracket ----------------------

/** One shape and carat bracket, or every one when left out. */
const cellFilterFields = {
  shapeId: z.uuid().optional(),
  caratBracket: literalsOf(CARAT_BRACKET_OPTIONS, 'Choose a carat bracket.').optional(),
  ...searchFilterFields,
};
const cellFilter = z.strictObject(cellFilterFields);

/**
 * A cell of the colour by clarity matrix. A search counts in every cell it would find stones in: the
 * colours and clarities it names, or all of them when it leaves one open.
 */
export const fourCCellSchema = z.object({
  colorId: z.string(),
  color: z.string(),
  clarityId: z.string(),
  clarity: z.string(),
  searches: z.number().int(),
  /** Stones in stock for the cell now (available or otherwise on offer), of the shape and bracket. */
  stones: z.number().int(),
});
export type FourCCell = z.infer<typeof fourCCellSchema>;

/** A cell's searches against the stones sold in it over the same period. */
export const searchSoldCellSchema = z.object({
  colorId: z.string(),
  color: z.string(),
  clarityId: z.string(),
  clarity: z.string(),
  searches: z.number().int(),
  /** Stones that left the stock in the period or whose offer was accepted (docs/reports.md). */
  sold: z.number().int(),
  /** Sold per hundred searches, null without searches. */
  conversion: z.number().nullable(),
});
export type SearchSoldCell = z.infer<typeof searchSoldCellSchema>;

// --- Endpoints ---------------------------------------------------------------------------------------------

export const SEARCH_SUMMARY_ENDPOINTS = reportEndpointsOf(
  searchSummaryReport,
  { filter: searchSummaryFilter, sortKeys: SEARCH_SUMMARY_SORT, row: searchSummaryRowSchema },
  {
    tag: TAG,
    summary:
      'Searches by shape, colour, clarity, carat bracket or lab, with the searches that found nothing.',
  },
);
export const SEARCH_DAY_ENDPOINTS = reportEndpointsOf(
  searchDayReport,
  { filter: searchDayFilter, sortKeys: SEARCH_DAY_SORT, row: searchDayRowSchema },
  { tag: TAG, summary: 'Searches a day, searchers, and searches that found nothing.' },
);
export const FOUR_C_ENDPOINTS = reportEndpointsOf(
  fourCReport,
  { filter: cellFilter, sortKeys: FOUR_C_SORT, row: fourCCellSchema },
  {
    tag: TAG,
    summary: 'The colour by clarity matrix: searches against stones in stock, per shape and carat bracket.',
  },
);
export const SEARCH_SOLD_ENDPOINTS = reportEndpointsOf(
  searchSoldReport,
  { filter: cellFilter, sortKeys: SEARCH_SOLD_SORT, row: searchSoldCellSchema },
  {
    tag: TAG,
    summary: 'The colour by clarity matrix: searches against stones sold, with the conversion rate.',
  },
);

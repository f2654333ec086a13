import {
  bigint,
  date,
  doublePrecision,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

// The search reports' daily roll-ups of `stone_searches` (search-rollups.ts builds them), and the stones
// sold, which the database records itself (the triggers of the migration `search-sales`).

/**
 * Searches a UTC day by one dimension of what they name (`shape`, `color`, `clarity`, `caratBracket`,
 * `lab`): a search naming several values adds to each, one naming none to the row whose `valueId` is
 * null. Master values by id, carat brackets by their index as text.
 */
export const searchDimensionDays = pgTable(
  'search_dimension_days',
  {
    day: date({ mode: 'string' }).notNull(),
    dimension: text().notNull(),
    searchType: smallint().notNull(),
    valueId: text(),
    searches: integer().notNull(),
    zeroResultSearches: integer().notNull(),
    resultsSum: bigint({ mode: 'number' }).notNull(),
  },
  // A report reads one dimension over a period: a year is a few thousand entries of this index alone.
  (table) => [
    index('search_dimension_days_read_idx').on(
      table.dimension,
      table.day,
      table.searchType,
      table.valueId,
      table.searches,
      table.zeroResultSearches,
      table.resultsSum,
    ),
  ],
);

/**
 * Searches a UTC day by search type, and over every type under `searchType` 0 (so that the distinct
 * searchers of a day are counted once, whichever types they used).
 */
export const searchDayTotals = pgTable(
  'search_day_totals',
  {
    day: date({ mode: 'string' }).notNull(),
    searchType: smallint().notNull(),
    searches: integer().notNull(),
    searchers: integer().notNull(),
    zeroResultSearches: integer().notNull(),
    resultsSum: bigint({ mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.day, table.searchType] })],
);

/**
 * The Four-C cells searched a UTC day: one row per shape, carat bracket, colour and clarity a search
 * would find stones in, the "open" marker (OPEN_ID, bracket 0) where it leaves one open or names more
 * values than FOUR_C_LIMITS allows (search-rollups.ts). `perShape`, `perBracket` and `perBoth` carry each
 * search's share (one over the shapes, the brackets, or both, it named), so that a matrix over every
 * shape or bracket counts a search once however many it named. The same day's cells summed over every
 * shape (EVERY_ID), every bracket (EVERY_BRACKET) or both are rows of their own, which such a matrix reads.
 */
export const fourCSearchDays = pgTable(
  'four_c_search_days',
  {
    day: date({ mode: 'string' }).notNull(),
    searchType: smallint().notNull(),
    shapeId: uuid().notNull(),
    caratBracket: smallint().notNull(),
    colorId: uuid().notNull(),
    clarityId: uuid().notNull(),
    searches: integer().notNull(),
    perShape: doublePrecision().notNull(),
    perBracket: doublePrecision().notNull(),
    perBoth: doublePrecision().notNull(),
  },
  // Led by shape and bracket: a year's matrix of one shape and bracket reads its own entries and the
  // open ones, from the index alone.
  (table) => [
    index('four_c_search_days_read_idx').on(
      table.shapeId,
      table.caratBracket,
      table.day,
      table.searchType,
      table.colorId,
      table.clarityId,
      table.searches,
      table.perShape,
      table.perBracket,
      table.perBoth,
    ),
    index('four_c_search_days_day_idx').on(table.day),
  ],
);

/** The UTC days rolled up: the reports read these from the roll-ups and every other day from the searches. */
export const searchRollupDays = pgTable('search_rollup_days', {
  day: date({ mode: 'string' }).primaryKey(),
  rolledAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** Why a stone counts as sold. */
export const STONE_SALE_REASONS = { leftStock: 1, offerAccepted: 2 } as const;

/**
 * A stone sold, once: when it left the stock (deleted, or dropped by an upload or a sync) or when an
 * offer on it was accepted, whichever came first. Filled by triggers, with the stone's grades as they
 * were then. No reference to the stone: a stone deleted outright keeps its sale.
 */
export const stoneSales = pgTable(
  'stone_sales',
  {
    stoneId: uuid().primaryKey(),
    day: date({ mode: 'string' }).notNull(),
    reason: smallint().notNull(),
    shapeId: uuid(),
    carat: numeric({ precision: 10, scale: 3, mode: 'number' }),
    colorId: uuid(),
    clarityId: uuid(),
  },
  (table) => [
    index('stone_sales_shape_day_idx').on(
      table.shapeId,
      table.day,
      table.carat,
      table.colorId,
      table.clarityId,
    ),
    index('stone_sales_day_idx').on(table.day),
  ],
);

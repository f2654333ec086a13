import { sql } from 'drizzle-orm';
import {
  bigint,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '../access/user-table.ts';
import { createdAt } from '../db/columns.ts';

/**
 * Every customer layout search (`apis/customer/layout/search`), for the layout search report: who, the
 * criteria as sent, the categories it named (to count by category without reading the criteria), and
 * how many layouts it found.
 */
export const layoutSearches = pgTable(
  'layout_searches',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid().references(() => users.id, { onDelete: 'set null' }),
    body: jsonb().$type<Record<string, unknown>>().notNull(),
    /** The layout masters the search named; empty when it named none. No key: a deleted one stays counted. */
    layoutMasterIds: uuid().array().notNull().default(sql`'{}'::uuid[]`),
    resultCount: integer().notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('layout_searches_created_at_idx').on(table.createdAt),
    index('layout_searches_user_id_created_at_idx').on(table.userId, table.createdAt),
  ],
);

/**
 * The layout searches of each closed UTC day, by category and user (the layout search report reads
 * these days from here and the rest from `layout_searches`). A search naming several categories is a
 * row in each; `layoutMasterId` is the nil uuid for a search naming none, `userId` for a user since
 * deleted. Rebuilt by reports/layout-search-rollup.ts.
 */
export const layoutSearchDays = pgTable(
  'layout_search_days',
  {
    day: date({ mode: 'string' }).notNull(),
    layoutMasterId: uuid().notNull(),
    userId: uuid().notNull(),
    searches: integer().notNull(),
    zeroResultSearches: integer().notNull(),
    /** Layouts found, summed: the mean is this over the searches. */
    resultSum: bigint({ mode: 'number' }).notNull(),
    lastSearchAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.day, table.layoutMasterId, table.userId] })],
);

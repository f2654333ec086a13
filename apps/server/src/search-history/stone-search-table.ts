import { index, integer, jsonb, pgTable, smallint, uuid } from 'drizzle-orm/pg-core';
import { users } from '../access/user-table.ts';
import { createdAt } from '../db/columns.ts';

/**
 * Every stone search (`apis/diamond/paginate`), for the search reports: who, the body as sent, how
 * many stones it found and how long it took. `searchType` follows the spec's search types (1 recent).
 */
export const stoneSearches = pgTable(
  'stone_searches',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid().references(() => users.id, { onDelete: 'set null' }),
    searchType: smallint().notNull().default(1),
    body: jsonb().$type<Record<string, unknown>>().notNull(),
    resultCount: integer().notNull(),
    durationMs: integer().notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('stone_searches_created_at_idx').on(table.createdAt),
    index('stone_searches_user_id_created_at_idx').on(table.userId, table.createdAt),
  ],
);

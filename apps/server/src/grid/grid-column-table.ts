import type { GridColumn } from '@facet/contract';
import { jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../access/user-table.ts';

/** A user's column choices of one list (`grid`: a resource name or another list key). */
export const gridColumns = pgTable(
  'grid_columns',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    grid: text().notNull(),
    columns: jsonb().$type<GridColumn[]>().notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('grid_columns_user_grid_key').on(table.userId, table.grid)],
);

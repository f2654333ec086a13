import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '../access/user-table.ts';
import { createdAt } from '../db/columns.ts';
import { layoutMasters, stones } from '../db/resource-tables.ts';

/**
 * A certified layout (contract `layoutResource`): a numbered group of stones offered together. Its
 * summary figures are computed from its stones on every read (layouts/layout-query.ts).
 */
export const layouts = pgTable(
  'layouts',
  {
    id: uuid().primaryKey().defaultRandom(),
    layoutNumber: text().notNull(),
    name: text().notNull(),
    layoutMasterId: uuid().references((): AnyPgColumn => layoutMasters.id as AnyPgColumn, {
      onDelete: 'restrict',
    }),
    description: text(),
    remarks: text(),
    isActive: boolean().notNull().default(true),
    createdAt: createdAt(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    createdBy: uuid(),
    updatedBy: uuid(),
    /** Soft delete: the layout's history stays; its stones are released. */
    deletedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    uniqueIndex('layouts_layout_number_live_key')
      .on(sql`lower(${table.layoutNumber})`)
      .where(sql`${table.deletedAt} is null`),
    index('layouts_layout_master_id_idx').on(table.layoutMasterId),
    index('layouts_created_at_idx').on(table.createdAt),
  ],
);
/**
 * The stones of the live layouts, in the layout's order. A stone is in one layout at most (the unique
 * stone key); a deleted layout's rows are removed, so its stones are free again.
 */
export const layoutStones = pgTable(
  'layout_stones',
  {
    layoutId: uuid()
      .notNull()
      .references(() => layouts.id, { onDelete: 'cascade' }),
    stoneId: uuid()
      .notNull()
      .references((): AnyPgColumn => stones.id as AnyPgColumn, { onDelete: 'cascade' }),
    position: integer().notNull(),
    addedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    addedAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.layoutId, table.stoneId] }),
    uniqueIndex('layout_stones_stone_id_key').on(table.stoneId),
  ],
);

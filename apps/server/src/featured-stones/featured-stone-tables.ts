import { boolean, date, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../db/columns.ts';

/**
 * Featured stones that were recorded by stock number and matched no live stone when featured stones
 * became references to stones (migration `featured_stone_references`): set aside here, as they were,
 * rather than dropped; the server warns at start while any are left (docs/featured-stones.md).
 */
export const featuredStonesUnmatched = pgTable('featured_stones_unmatched', {
  id: uuid().primaryKey(),
  stockNumber: text().notNull(),
  kind: text().notNull(),
  fromDate: date({ mode: 'string' }),
  toDate: date({ mode: 'string' }),
  sequence: integer(),
  isActive: boolean().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull(),
  updatedAt: timestamp({ withTimezone: true }).notNull(),
  createdBy: uuid(),
  updatedBy: uuid(),
  deletedAt: timestamp({ withTimezone: true }),
  setAsideAt: createdAt(),
});

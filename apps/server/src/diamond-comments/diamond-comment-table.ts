import { type AnyPgColumn, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../access/user-table.ts';
import { createdAt } from '../db/columns.ts';
import { accounts, stones } from '../db/resource-tables.ts';

/**
 * A comment a customer put on a stone: a remark and a colour, by a customer user (and their company at
 * the time), on one stone. Soft-deleted: the trail and the customer's history keep it.
 */
export const diamondComments = pgTable(
  'diamond_comments',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accountId: uuid().references((): AnyPgColumn => accounts.id as AnyPgColumn, { onDelete: 'set null' }),
    stoneId: uuid()
      .notNull()
      .references((): AnyPgColumn => stones.id as AnyPgColumn, { onDelete: 'restrict' }),
    remarks: text().notNull(),
    color: text(),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    index('diamond_comments_user_id_created_at_idx').on(table.userId, table.createdAt),
    index('diamond_comments_stone_id_idx').on(table.stoneId),
    index('diamond_comments_account_id_idx').on(table.accountId),
    index('diamond_comments_created_at_idx').on(table.createdAt),
  ],
);

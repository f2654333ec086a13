import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../access/user-table.ts';
import { createdAt } from '../db/columns.ts';

/**
 * One notification of one user. A send (or a notify() call) writes one row per recipient, sharing a
 * `batchId`; the bell counts the unread ones through the partial index.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    batchId: uuid().notNull(),
    module: text(),
    action: text(),
    title: text().notNull(),
    message: text().notNull(),
    isRead: boolean().notNull().default(false),
    isVisited: boolean().notNull().default(false),
    readAt: timestamp({ withTimezone: true }),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [
    index('notifications_user_id_created_at_idx').on(table.userId, table.createdAt),
    index('notifications_user_id_unread_idx').on(table.userId).where(sql`not ${table.isRead}`),
    index('notifications_batch_id_idx').on(table.batchId),
    index('notifications_created_at_idx').on(table.createdAt),
  ],
);

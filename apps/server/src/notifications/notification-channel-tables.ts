import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../access/user-table.ts';
import { createdAt } from '../db/columns.ts';

/**
 * A user's own channels for one notification action. No row: the action's setting decides. A row only
 * turns channels off: a channel the setting has off stays off whatever the row says (notify.ts).
 */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    action: text().notNull(),
    inApp: boolean().notNull(),
    email: boolean().notNull(),
    push: boolean().notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('notification_preferences_user_id_action_key').on(table.userId, table.action)],
);

/** A browser that receives a user's notifications by Web Push (its PushSubscription). */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The push service's address for this browser: unique, a browser subscribes once. */
    endpoint: text().notNull(),
    p256dh: text().notNull(),
    auth: text().notNull(),
    userAgent: text(),
    createdAt: createdAt(),
    /** The last push the service accepted. */
    lastSuccessAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    uniqueIndex('push_subscriptions_endpoint_key').on(table.endpoint),
    index('push_subscriptions_user_id_created_at_idx').on(table.userId, table.createdAt),
  ],
);

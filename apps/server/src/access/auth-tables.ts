import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../db/columns.ts';
import { users } from './user-table.ts';

export const SESSION_KINDS = ['full', 'default_password'] as const;
export type SessionKind = (typeof SESSION_KINDS)[number];

/** One row per issued JWT (its `jti`), so tokens can be revoked and checked by every instance. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text({ enum: SESSION_KINDS }).notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
    ip: text(),
    userAgent: text(),
  },
  (table) => [
    index('sessions_user_id_idx').on(table.userId),
    index('sessions_expires_at_idx').on(table.expiresAt),
  ],
);
/** At most one live code per user: a new code replaces the previous one. */
export const loginOtps = pgTable('login_otps', {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  codeHash: text().notNull(),
  expiresAt: timestamp({ withTimezone: true }).notNull(),
  attempts: integer().notNull().default(0),
  consumedAt: timestamp({ withTimezone: true }),
  createdAt: createdAt(),
  lastSentAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
/** The reset id travels only in the mailed link; the table keeps its sha256. */
export const passwordResets = pgTable(
  'password_resets',
  {
    tokenHash: text().primaryKey(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    ip: text(),
  },
  (table) => [index('password_resets_user_id_created_at_idx').on(table.userId, table.createdAt)],
);
/**
 * Attempts of public actions that are not sign-ins (register, forgot-password), counted per key so
 * throttling works across instances without shared memory.
 */
export const throttleEvents = pgTable(
  'throttle_events',
  {
    id: uuid().primaryKey().defaultRandom(),
    action: text().notNull(),
    key: text().notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('throttle_events_action_key_created_at_idx').on(table.action, table.key, table.createdAt),
  ],
);

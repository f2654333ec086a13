import type { AdminPermissionEntry, ContactEntry, LoginResult, UserType } from '@facet/contract';
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: uuid().primaryKey().defaultRandom(),
    type: smallint().$type<UserType>().notNull(),
    name: text().notNull(),
    username: text().notNull(),
    usernameLower: text().notNull(),
    emails: jsonb().$type<ContactEntry[]>().notNull().default([]),
    phones: jsonb().$type<ContactEntry[]>().notNull().default([]),
    /** Denormalised from `emails` so sign-in by e-mail is one indexed lookup. */
    primaryEmailLower: text(),
    passwordHash: text().notNull(),
    defaultPassword: boolean().notNull().default(false),
    isActive: boolean().notNull().default(true),
    image: text(),
    permissions: jsonb().$type<AdminPermissionEntry[]>().notNull().default([]),
    sellerId: text(),
    createdAt: createdAt(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastLoginAt: timestamp({ withTimezone: true }),
    lastLoginIp: text(),
  },
  (table) => [
    uniqueIndex('users_username_lower_key').on(table.usernameLower),
    uniqueIndex('users_primary_email_lower_key')
      .on(table.primaryEmailLower)
      .where(sql`${table.primaryEmailLower} is not null`),
    index('users_type_idx').on(table.type),
  ],
);

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

export const loginLogs = pgTable(
  'login_logs',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid().references(() => users.id, { onDelete: 'set null' }),
    /** As typed at sign-in, lowercased: rate limits count per this value. */
    username: text().notNull(),
    result: text().$type<LoginResult>().notNull(),
    ip: text().notNull(),
    userAgent: text().notNull().default(''),
    createdAt: createdAt(),
  },
  (table) => [
    index('login_logs_created_at_idx').on(table.createdAt),
    index('login_logs_username_created_at_idx').on(table.username, table.createdAt),
    index('login_logs_ip_created_at_idx').on(table.ip, table.createdAt),
    index('login_logs_user_id_idx').on(table.userId),
  ],
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

import type { ContactEntry, UserType } from '@facet/contract';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
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
import { createdAt } from '../db/columns.ts';
import { accounts } from '../db/resource-tables.ts';
import { roles } from './role-table.ts';

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
    /** Every e-mail lowercased: uniqueness across all entries of all users is one indexed overlap test. */
    emailsLower: text().array().notNull().default(sql`'{}'::text[]`),
    passwordHash: text().notNull(),
    defaultPassword: boolean().notNull().default(false),
    isActive: boolean().notNull().default(true),
    image: text(),
    roleId: uuid().references((): AnyPgColumn => roles.id, { onDelete: 'set null' }),
    /** The customer company (customer user types only). */
    accountId: uuid().references((): AnyPgColumn => accounts.id as AnyPgColumn, { onDelete: 'set null' }),
    designation: text(),
    /** Access ends at this instant (guests); the per-request auth query checks it. */
    expiresAt: timestamp({ withTimezone: true }),
    /** Moves on every change of the user's overrides, role or type: the permission cache key. */
    permissionsVersion: integer().notNull().default(0),
    /** Soft delete: deleted users cannot sign in, are not listed and free their username and e-mails. */
    deletedAt: timestamp({ withTimezone: true }),
    sellerId: text(),
    createdAt: createdAt(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastLoginAt: timestamp({ withTimezone: true }),
    lastLoginIp: text(),
  },
  (table) => [
    uniqueIndex('users_username_lower_key').on(table.usernameLower).where(sql`${table.deletedAt} is null`),
    uniqueIndex('users_primary_email_lower_key')
      .on(table.primaryEmailLower)
      .where(sql`${table.primaryEmailLower} is not null and ${table.deletedAt} is null`),
    index('users_emails_lower_idx').using('gin', table.emailsLower),
    index('users_type_idx').on(table.type),
    index('users_role_id_idx').on(table.roleId),
    index('users_account_id_idx').on(table.accountId),
  ],
);

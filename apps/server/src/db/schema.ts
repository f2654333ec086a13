import type {
  AccountDocumentStatus,
  AuditAction,
  AuditEntityType,
  ContactEntry,
  GridColumn,
  LoginResult,
  PermissionScope,
  UploadKind,
  UserType,
} from '@facet/contract';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
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
import { RESOURCE_TABLES } from '../resources/tables.ts';

const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();

/**
 * A named permission set. `permissionsVersion` moves on every change of its set or state, so cached
 * effective permissions keyed by it can never be stale.
 */
export const roles = pgTable(
  'roles',
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    description: text(),
    scope: text().$type<PermissionScope>().notNull(),
    isActive: boolean().notNull().default(true),
    permissionsVersion: integer().notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('roles_name_lower_key').on(sql`lower(${table.name})`),
    check('roles_scope_check', sql`${table.scope} in ('admin', 'customer')`),
  ],
);

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

/**
 * One module's flags in a role's set (role_id) or a user's overrides (user_id), never both. Customer
 * modules use all eight flags, admin modules the first four.
 */
export const permissionEntries = pgTable(
  'permission_entries',
  {
    id: uuid().primaryKey().defaultRandom(),
    roleId: uuid().references(() => roles.id, { onDelete: 'cascade' }),
    userId: uuid().references(() => users.id, { onDelete: 'cascade' }),
    scope: text().$type<PermissionScope>().notNull(),
    moduleId: integer().notNull(),
    view: boolean().notNull().default(false),
    insert: boolean().notNull().default(false),
    update: boolean().notNull().default(false),
    delete: boolean().notNull().default(false),
    uploadExcel: boolean().notNull().default(false),
    downloadExcel: boolean().notNull().default(false),
    mailExcel: boolean().notNull().default(false),
    printPdf: boolean().notNull().default(false),
  },
  (table) => [
    check('permission_entries_one_target', sql`(${table.roleId} is null) <> (${table.userId} is null)`),
    check('permission_entries_scope_check', sql`${table.scope} in ('admin', 'customer')`),
    uniqueIndex('permission_entries_role_key')
      .on(table.roleId, table.scope, table.moduleId)
      .where(sql`${table.roleId} is not null`),
    uniqueIndex('permission_entries_user_key')
      .on(table.userId, table.scope, table.moduleId)
      .where(sql`${table.userId} is not null`),
  ],
);

/**
 * Who changed which user, role, permission set or resource record; written in the transaction of the
 * change. `entityType` is `user`, `role` or a resource name.
 */
export const auditLogs = pgTable(
  'audit_logs',
  {
    id: uuid().primaryKey().defaultRandom(),
    action: text().$type<AuditAction>().notNull(),
    entityType: text().$type<AuditEntityType>().notNull(),
    entityId: uuid().notNull(),
    /** The user concerned (null for role changes), so one user's history is one indexed read. */
    subjectUserId: uuid(),
    actorId: uuid().references(() => users.id, { onDelete: 'set null' }),
    before: jsonb().$type<Record<string, unknown>>(),
    after: jsonb().$type<Record<string, unknown>>(),
    ip: text().notNull().default(''),
    userAgent: text().notNull().default(''),
    createdAt: createdAt(),
  },
  (table) => [
    index('audit_logs_subject_user_id_created_at_idx').on(table.subjectUserId, table.createdAt),
    index('audit_logs_actor_id_created_at_idx').on(table.actorId, table.createdAt),
    index('audit_logs_entity_created_at_idx').on(table.entityType, table.entityId, table.createdAt),
    index('audit_logs_created_at_idx').on(table.createdAt),
  ],
);

/** The resource engine's tables, generated from the contract's declarations (resources/table-of.ts). */
function resourceTable(name: string) {
  const table = RESOURCE_TABLES.get(name);
  if (!table) throw new Error(`resource ${name} is not declared`);
  return table;
}
export const masters = resourceTable('master');
export const sizes = resourceTable('size');
export const dayTerms = resourceTable('dayTerm');
export const countries = resourceTable('country');
export const states = resourceTable('state');
export const cities = resourceTable('city');
export const accounts = resourceTable('account');
export const products = resourceTable('product');
export const banners = resourceTable('banner');
export const newsEvents = resourceTable('newsEvent');
export const locations = resourceTable('location');
export const featuredStones = resourceTable('featuredStone');
export const contactMessages = resourceTable('contactUs');
export const subscribers = resourceTable('subscriber');
export const careerApplications = resourceTable('career');
export const feedback = resourceTable('feedback');
export const settings = resourceTable('setting');
export const notificationSettings = resourceTable('notificationSetting');
export const appVersions = resourceTable('appVersion');
export const platforms = resourceTable('platform');
export const transportOrders = resourceTable('transport');
export const hospitalityOrders = resourceTable('hospitality');
export const pageTracking = resourceTable('pageTracking');

/** A company's KYC document: an uploaded file under review (1 pending, 2 approved, 3 rejected). */
export const accountDocuments = pgTable(
  'account_documents',
  {
    id: uuid().primaryKey().defaultRandom(),
    accountId: uuid()
      .notNull()
      .references((): AnyPgColumn => accounts.id as AnyPgColumn, { onDelete: 'restrict' }),
    documentType: text().notNull(),
    documentNumber: text(),
    fileUrl: text().notNull(),
    fileId: uuid(),
    status: smallint().$type<AccountDocumentStatus>().notNull().default(1),
    reviewedBy: uuid().references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp({ withTimezone: true }),
    rejectionReason: text(),
    createdBy: uuid().references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Soft delete: a KYC document's trail outlives it. */
    deletedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    index('account_documents_account_id_created_at_idx').on(table.accountId, table.createdAt),
    check('account_documents_status_check', sql`${table.status} in (1, 2, 3)`),
  ],
);

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

/**
 * One stored file of `POST apis/upload`: checked by content, kept by a FileStorage under `storageKey`,
 * served at `/files/{id}/{name}`.
 */
export const uploads = pgTable(
  'uploads',
  {
    id: uuid().primaryKey().defaultRandom(),
    kind: text().$type<UploadKind>().notNull(),
    name: text().notNull(),
    mimeType: text().notNull(),
    size: integer().notNull(),
    sha256: text().notNull(),
    storageKey: text().notNull(),
    uploadedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [index('uploads_uploaded_by_created_at_idx').on(table.uploadedBy, table.createdAt)],
);

/**
 * Seeds that ran: a row per seed, so first-start data is inserted once even when two instances start
 * together. `progress` counts the batches done of a seed that runs in steps (cities).
 */
export const seedState = pgTable('seed_state', {
  name: text().primaryKey(),
  progress: integer().notNull().default(0),
  completedAt: timestamp({ withTimezone: true }),
  createdAt: createdAt(),
});

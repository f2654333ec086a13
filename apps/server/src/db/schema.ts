import type {
  AccountDocumentStatus,
  AuditAction,
  AuditEntityType,
  ContactEntry,
  GridColumn,
  LoginResult,
  PermissionScope,
  StockUploadColumnMapping,
  StockUploadMode,
  StockUploadOutcome,
  StockUploadState,
  UploadKind,
  UserType,
} from '@facet/contract';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
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
export const stones = resourceTable('diamond');
export const diamondJourneyEvents = resourceTable('diamondJourneyEvent');
export const nonCertLots = resourceTable('nonCert');
export const nonCertDiamonds = resourceTable('nonCertDiamond');
/** A non-certified lot's criteria rows (not an engine resource: saved as one set). */
export { nonCertCriteria } from '../noncert/criteria-table.ts';
export const lastSyncs = resourceTable('lastSync');
export const layoutMasters = resourceTable('layoutMaster');

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
    /** The resource the file was uploaded for (its module's permission let it in); null before it was asked. */
    model: text(),
    /** Kept under `private/` and served only to staff of the model's module or through a signed link. */
    isPrivate: boolean().notNull().default(false),
    createdAt: createdAt(),
  },
  (table) => [index('uploads_uploaded_by_created_at_idx').on(table.uploadedBy, table.createdAt)],
);

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

/**
 * Every stone search (`apis/diamond/paginate`), for the search reports: who, the body as sent, how
 * many stones it found and how long it took. `searchType` follows the spec's search types (1 recent).
 */
export const stoneSearches = pgTable(
  'stone_searches',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid().references(() => users.id, { onDelete: 'set null' }),
    searchType: smallint().notNull().default(1),
    body: jsonb().$type<Record<string, unknown>>().notNull(),
    resultCount: integer().notNull(),
    durationMs: integer().notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('stone_searches_created_at_idx').on(table.createdAt),
    index('stone_searches_user_id_created_at_idx').on(table.userId, table.createdAt),
  ],
);

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

/**
 * A stock file upload (Upload-Stock) and its progress. Every instance sees every job; a job runs in the
 * instance that received it, which moves `heartbeatAt` while it works, so a job whose instance died is
 * recognised (by its `instanceKey` on that instance's next start, or by a stale heartbeat) and failed.
 */
export const stockUploads = pgTable(
  'stock_uploads',
  {
    id: uuid().primaryKey().defaultRandom(),
    fileName: text().notNull(),
    fileSize: bigint({ mode: 'number' }).notNull(),
    fileFormat: text().$type<'csv' | 'xlsx'>().notNull(),
    sha256: text().notNull(),
    /** The file, kept by the uploads' FileStorage. */
    storageKey: text().notNull(),
    mode: text().$type<StockUploadMode>().notNull(),
    keepGoodRows: boolean().notNull().default(false),
    state: text().$type<StockUploadState>().notNull().default('queued'),
    rowsRead: integer().notNull().default(0),
    accepted: integer().notNull().default(0),
    updated: integer().notNull().default(0),
    merged: integer().notNull().default(0),
    rejected: integer().notNull().default(0),
    removed: integer().notNull().default(0),
    message: text(),
    columns: jsonb().$type<StockUploadColumnMapping[]>().notNull().default([]),
    instanceKey: text().notNull(),
    heartbeatAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    startedAt: timestamp({ withTimezone: true }),
    finishedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    index('stock_uploads_created_at_idx').on(table.createdAt),
    index('stock_uploads_state_idx').on(table.state),
  ],
);

/**
 * The rows of an upload: staged while the file is read (a good row's stone `values`, or why the row was
 * rejected), then applied to the stock in one transaction; they stay as the upload's per-row report.
 */
export const stockUploadRows = pgTable(
  'stock_upload_rows',
  {
    jobId: uuid()
      .notNull()
      .references(() => stockUploads.id, { onDelete: 'cascade' }),
    rowNumber: integer().notNull(),
    stockNumber: text(),
    /** Lowercased stock number: the stone a row adds or updates. */
    stockKey: text(),
    /** Lab and certificate number: duplicates in one file share it. */
    certificateKey: text(),
    /**
     * A good row is staged `accepted` (a new stock #) or `updated` (a live stone has it), checked again
     * when the upload is applied; see StockUploadOutcome.
     */
    outcome: text().$type<StockUploadOutcome>().notNull(),
    reasons: text().array().notNull().default(sql`'{}'::text[]`),
    values: jsonb().$type<Record<string, unknown>>(),
    /** The id a new stone takes, chosen when staged, so its history is written without a lookup. */
    stoneId: uuid(),
  },
  (table) => [
    primaryKey({ columns: [table.jobId, table.rowNumber] }),
    index('stock_upload_rows_job_id_stock_key_idx').on(table.jobId, table.stockKey),
    // Only the rows a person looks for (rejected, merged, skipped): every staged row pays for each index.
    index('stock_upload_rows_job_id_outcome_idx')
      .on(table.jobId, table.outcome)
      .where(sql`${table.outcome} not in ('accepted', 'updated')`),
  ],
);

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

/**
 * The write log of the tables whose lists cache their counts and totals (resources/write-version.ts):
 * a trigger adds a row for every statement that writes such a table, in that statement's transaction.
 * The sum of `writes` a snapshot sees for a table is its version: it grows with every committed write,
 * so two snapshots seeing the same sum see the same rows. Inserting, unlike bumping one counter row,
 * never makes writers wait for each other. Old rows are folded into one holding their sum.
 */
export const tableWrites = pgTable(
  'table_writes',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tableName: text().notNull(),
    writes: bigint({ mode: 'number' }).notNull().default(1),
  },
  (table) => [index('table_writes_table_name_idx').on(table.tableName)],
);

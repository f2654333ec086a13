import type {
  StockUploadColumnMapping,
  StockUploadDuplicate,
  StockUploadDuplicatePolicy,
  StockUploadMode,
  StockUploadOutcome,
  StockUploadState,
} from '@facet/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '../access/user-table.ts';
import { createdAt } from '../db/columns.ts';

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
    /** Null: none was sent, so duplicates are reported and none of them applied. */
    duplicatePolicy: text().$type<StockUploadDuplicatePolicy>(),
    state: text().$type<StockUploadState>().notNull().default('queued'),
    rowsRead: integer().notNull().default(0),
    accepted: integer().notNull().default(0),
    updated: integer().notNull().default(0),
    merged: integer().notNull().default(0),
    rejected: integer().notNull().default(0),
    removed: integer().notNull().default(0),
    message: text(),
    columns: jsonb().$type<StockUploadColumnMapping[]>().notNull().default([]),
    duplicates: jsonb().$type<StockUploadDuplicate[]>().notNull().default([]),
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
    // Only the rows a person looks for (rejected, duplicate, skipped): every staged row pays for each index.
    index('stock_upload_rows_job_id_outcome_idx')
      .on(table.jobId, table.outcome)
      .where(sql`${table.outcome} not in ('accepted', 'updated')`),
  ],
);

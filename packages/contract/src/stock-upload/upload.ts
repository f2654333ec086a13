import { z } from 'zod';
import { paginateRequestSchema } from '../envelope.ts';
import {
  STOCK_UPLOAD_DUPLICATE_POLICIES,
  STOCK_UPLOAD_MESSAGES,
  STOCK_UPLOAD_MODES,
  STOCK_UPLOAD_OUTCOMES,
  STOCK_UPLOAD_STATES,
} from './stock-upload-rules.ts';

/** How one header of the file was read: the stone field (or import column) it fills, or ignored. */
export const stockUploadColumnMappingSchema = z.object({
  header: z.string(),
  /** The matched column's label (`Stock #`), or null when the header is not known and was ignored. */
  column: z.string().nullable(),
});
export type StockUploadColumnMapping = z.infer<typeof stockUploadColumnMappingSchema>;

/** Rows of the file that share a stock # (or a lab and certificate #): one entry per such group. */
export const stockUploadDuplicateSchema = z.object({
  /** The stock numbers of the group, as the file writes them, each once (one, unless a certificate ties them). */
  stockNumbers: z.array(z.string()),
  /**
   * The rows, as a spreadsheet numbers them (the header row is row 1), in file order: the first
   * STOCK_UPLOAD_DUPLICATE_ROWS_LISTED of them.
   */
  rowNumbers: z.array(z.number().int()),
  /** How many rows the group has, when that is more than `rowNumbers` names. */
  rowCount: z.number().int().optional(),
});
export type StockUploadDuplicate = z.infer<typeof stockUploadDuplicateSchema>;

export const stockUploadJobSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  fileSize: z.number(),
  mode: z.enum(STOCK_UPLOAD_MODES),
  keepGoodRows: z.boolean(),
  state: z.enum(STOCK_UPLOAD_STATES),
  /** Data rows read so far (empty rows are not counted). */
  rowsRead: z.number().int(),
  accepted: z.number().int(),
  updated: z.number().int(),
  /** Rows left out as duplicates of another row (uploads before duplicate policies: rows merged). */
  merged: z.number().int(),
  rejected: z.number().int(),
  /** Replace-all: live stones not in the file, removed. */
  removed: z.number().int(),
  /** Why the upload was refused or failed; a summary once completed. */
  message: z.string().nullable(),
  columns: z.array(stockUploadColumnMappingSchema),
  /** Stock numbers found in more than one row, once the file is read (the first STOCK_UPLOAD_DUPLICATES_LISTED). */
  duplicates: z.array(stockUploadDuplicateSchema),
  /** What the upload was told to do with them; null: nothing, so none of them was applied. */
  duplicatePolicy: z.enum(STOCK_UPLOAD_DUPLICATE_POLICIES).nullable(),
  createdBy: z.string().nullable(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type StockUploadJob = z.infer<typeof stockUploadJobSchema>;

export const stockUploadRowReportSchema = z.object({
  /** The row as a spreadsheet numbers it: the header row is row 1. */
  rowNumber: z.number().int(),
  stockNumber: z.string().nullable(),
  outcome: z.enum(STOCK_UPLOAD_OUTCOMES),
  /** Rejections, or notes on an accepted row. */
  reasons: z.array(z.string()),
});
export type StockUploadRowReport = z.infer<typeof stockUploadRowReportSchema>;

const booleanField = z
  .union([z.boolean(), z.enum(['true', 'false', 'on', 'off', '1', '0', ''])])
  .transform((value) => value === true || value === 'true' || value === 'on' || value === '1');

/** The form fields sent beside the file. */
export const stockUploadOptionsSchema = z.object({
  mode: z.enum(STOCK_UPLOAD_MODES, { error: STOCK_UPLOAD_MESSAGES.unknownMode }).default('add-update'),
  keepGoodRows: booleanField.default(false),
  /** Needed when the file has duplicates: without it they are reported and none of them is applied. */
  duplicatePolicy: z
    .union([z.enum(STOCK_UPLOAD_DUPLICATE_POLICIES), z.literal('')], {
      error: STOCK_UPLOAD_MESSAGES.unknownDuplicatePolicy,
    })
    .transform((value) => (value === '' ? null : value))
    .default(null),
});
export type StockUploadOptions = z.output<typeof stockUploadOptionsSchema>;

const direction = z.enum(['asc', 'desc', 'ASC', 'DESC']).optional();

/** Jobs, newest first unless sorted otherwise. */
export const stockUploadPaginateSchema = paginateRequestSchema.extend({
  filter: z
    .strictObject({
      state: z.union([z.enum(STOCK_UPLOAD_STATES), z.array(z.enum(STOCK_UPLOAD_STATES)).min(1)]).optional(),
    })
    .optional(),
  sort: z.strictObject({ createdAt: direction }).optional(),
});

/** A job's report rows, in file order. */
export const stockUploadRowsSchema = paginateRequestSchema.extend({
  filter: z
    .strictObject({
      outcome: z
        .union([z.enum(STOCK_UPLOAD_OUTCOMES), z.array(z.enum(STOCK_UPLOAD_OUTCOMES)).min(1)])
        .optional(),
    })
    .optional(),
  sort: z.strictObject({ rowNumber: direction }).optional(),
});

import { z } from 'zod';
import { defineEndpoint, idParams, pageOf } from '../endpoints/endpoint.ts';
import { STOCK_UPLOAD_DUPLICATE_POLICIES, STOCK_UPLOAD_MODES } from './stock-upload-rules.ts';
import {
  stockUploadJobSchema,
  stockUploadPaginateSchema,
  stockUploadRowReportSchema,
  stockUploadRowsSchema,
} from './upload.ts';

const TAG = 'Stock upload';
const VIEW = { module: 'UploadStock', action: 'view' } as const;

/**
 * Upload-Stock: a CSV or XLSX stock file (RapNet or Nivoda style, see upload-columns.ts) is sent as
 * multipart/form-data to `create` with a `file` part and the `mode`, `keepGoodRows` and `duplicatePolicy` fields. The
 * server answers at once with a job; the job reads the file in the background, writes its progress on
 * the job, and ends with a per-row report. Every upload is all-or-nothing unless `keepGoodRows` is set,
 * and it is applied in one transaction, so an interrupted upload changes nothing.
 */
export const STOCK_UPLOAD_ENDPOINTS = {
  create: defineEndpoint({
    method: 'POST',
    path: 'apis/stock-upload/create',
    tag: TAG,
    summary: 'Receives a stock file and queues the job that reads and applies it.',
    access: { module: 'UploadStock', action: 'insert' },
    multipart: {
      file: { file: true, required: true, description: 'The stock sheet, CSV or XLSX.' },
      mode: { description: `How the rows apply: ${STOCK_UPLOAD_MODES.join(' or ')} (default add-update).` },
      keepGoodRows: { description: 'true to apply the good rows when some are rejected (default false).' },
      duplicatePolicy: {
        description: `What to do with a stock # found in more than one row: ${STOCK_UPLOAD_DUPLICATE_POLICIES.join(
          ', ',
        )}. Without it those rows are reported in the job's duplicates and none of them is applied.`,
      },
    },
    answer: { data: stockUploadJobSchema },
  }),
  paginate: defineEndpoint({
    method: 'POST',
    path: 'apis/stock-upload/paginate',
    tag: TAG,
    summary: 'The upload jobs, newest first unless sorted otherwise.',
    access: VIEW,
    body: stockUploadPaginateSchema,
    answer: { data: pageOf(stockUploadJobSchema) },
  }),
  byId: defineEndpoint({
    method: 'GET',
    path: 'apis/stock-upload/:id',
    tag: TAG,
    summary: 'One upload job with its progress.',
    access: VIEW,
    params: idParams,
    answer: { data: stockUploadJobSchema },
  }),
  rows: defineEndpoint({
    method: 'POST',
    path: 'apis/stock-upload/:id/rows',
    tag: TAG,
    summary: "A job's report rows, paged, in file order, filtered by outcome.",
    access: VIEW,
    params: idParams,
    body: stockUploadRowsSchema,
    answer: { data: pageOf(stockUploadRowReportSchema) },
  }),
  report: defineEndpoint({
    method: 'POST',
    path: 'apis/stock-upload/:id/report',
    tag: TAG,
    summary: "A job's whole report as a CSV file: row, stock #, outcome and reasons.",
    access: VIEW,
    params: idParams,
    body: z.object({}).optional(),
    answer: { file: ['text/csv'] },
  }),
};

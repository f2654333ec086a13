import type {
  StockUploadDuplicatePolicy,
  StockUploadJob,
  StockUploadMode,
  StockUploadOutcome,
} from '@facet/contract';
import { call, callMultipart } from '../platform/api/api-client.ts';
import { download } from '../platform/api/download.ts';
import { STOCK_UPLOAD_REFS } from './stock-upload-refs.ts';

export const stockUploadsKey = ['stock-uploads'] as const;

export interface StockUploadChoice {
  file: File;
  mode: StockUploadMode;
  keepGoodRows: boolean;
  /** Null: stock numbers found in more than one row are reported, and none of their rows applied. */
  duplicatePolicy: StockUploadDuplicatePolicy | null;
}

/**
 * Sends the file as multipart with the session's token, reporting the bytes sent, and resolves with the
 * job the server created. A refusal rejects with the server's message, which the form shows.
 */
export function uploadStockFile(choice: StockUploadChoice, onProgress: (percent: number) => void) {
  const form = new FormData();
  form.append('mode', choice.mode);
  form.append('keepGoodRows', String(choice.keepGoodRows));
  if (choice.duplicatePolicy) form.append('duplicatePolicy', choice.duplicatePolicy);
  form.append('file', choice.file, choice.file.name);
  return callMultipart(STOCK_UPLOAD_REFS.create, form, { onProgress, toastErrors: false }).then(
    (envelope) => envelope.data,
  );
}

export const stockUploadApi = {
  paginate: (page: number, limit: number) =>
    call(STOCK_UPLOAD_REFS.paginate, { page, limit, sort: { createdAt: 'desc' } }).then(
      (envelope) => envelope.data,
    ),
  get: (id: string): Promise<StockUploadJob> =>
    call(STOCK_UPLOAD_REFS.byId, undefined, { params: { id } }).then((envelope) => envelope.data),
  rows: (id: string, outcome: StockUploadOutcome | undefined, page: number, limit: number) =>
    call(
      STOCK_UPLOAD_REFS.rows,
      { page, limit, ...(outcome ? { filter: { outcome } } : {}) },
      { params: { id } },
    ).then((envelope) => envelope.data),
  downloadReport: (job: StockUploadJob) =>
    download(STOCK_UPLOAD_REFS.report, {}, `${job.fileName.replace(/\.[^.]+$/, '')}-report.csv`, {
      params: { id: job.id },
    }),
};

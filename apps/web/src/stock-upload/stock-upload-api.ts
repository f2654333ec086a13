import {
  type Envelope,
  MESSAGES,
  type PaginateResult,
  STOCK_UPLOAD_PATHS,
  type StockUploadJob,
  type StockUploadMode,
  type StockUploadOutcome,
  type StockUploadRowReport,
} from '@facet/contract';
import { apiRequest } from '../api/api-client.ts';
import { ApiError } from '../api/api-error.ts';
import { apiEvents } from '../api/api-events.ts';
import { downloadFile } from '../api/download.ts';
import { getToken } from '../session/session-store.ts';

export const stockUploadsKey = ['stock-uploads'] as const;

export interface StockUploadChoice {
  file: File;
  mode: StockUploadMode;
  keepGoodRows: boolean;
}

/**
 * Sends the file as multipart with the session's token, reporting the bytes sent (fetch cannot), and
 * resolves with the job the server created. A refusal rejects with the server's message.
 */
export function uploadStockFile(choice: StockUploadChoice, onProgress: (percent: number) => void) {
  return new Promise<StockUploadJob>((resolve, reject) => {
    const form = new FormData();
    form.append('mode', choice.mode);
    form.append('keepGoodRows', String(choice.keepGoodRows));
    form.append('file', choice.file, choice.file.name);
    const request = new XMLHttpRequest();
    request.open('POST', `/${STOCK_UPLOAD_PATHS.create}`);
    const token = getToken();
    if (token) request.setRequestHeader('Authorization', `JWT ${token}`);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    request.onerror = () => reject(new ApiError(MESSAGES.networkError, null, 0));
    request.onload = () => {
      let envelope: Envelope<StockUploadJob> | null = null;
      try {
        envelope = JSON.parse(request.responseText) as Envelope<StockUploadJob>;
      } catch {
        envelope = null;
      }
      if (envelope?.code === 'OK') {
        resolve(envelope.data);
        return;
      }
      if (envelope?.code === 'E_UNAUTHORIZED') apiEvents().onUnauthorized();
      const errors = envelope && 'errors' in envelope ? (envelope.errors ?? []) : [];
      reject(
        new ApiError(
          envelope?.message || MESSAGES.somethingWentWrong,
          envelope?.code ?? null,
          request.status,
          errors,
        ),
      );
    };
    request.send(form);
  });
}

export const stockUploadApi = {
  paginate: (page: number, limit: number) =>
    apiRequest<PaginateResult<StockUploadJob>>(STOCK_UPLOAD_PATHS.paginate, {
      body: { page, limit, sort: { createdAt: 'desc' } },
    }).then((envelope) => envelope.data),
  get: (id: string) =>
    apiRequest<StockUploadJob>(STOCK_UPLOAD_PATHS.byId(id), { method: 'GET' }).then(
      (envelope) => envelope.data,
    ),
  rows: (id: string, outcome: StockUploadOutcome | undefined, page: number, limit: number) =>
    apiRequest<PaginateResult<StockUploadRowReport>>(STOCK_UPLOAD_PATHS.rows(id), {
      body: { page, limit, ...(outcome ? { filter: { outcome } } : {}) },
    }).then((envelope) => envelope.data),
  downloadReport: (job: StockUploadJob) =>
    downloadFile(STOCK_UPLOAD_PATHS.report(job.id), {}, `${job.fileName.replace(/\.[^.]+$/, '')}-report.csv`),
};

import type { StockUploadDuplicatePolicy, StockUploadMode } from '@facet/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import type { UsageContext } from '../resources/record-usage.ts';
import type { XlsxLimits } from '../spreadsheets/xlsx-limits.ts';
import type { FileStorage } from '../uploads/storage.ts';
import type { ApplyActor } from './upload-apply.ts';
import type { StockFileFormat } from './upload-reader.ts';

/** One upload as the instance that received it runs it. */
export interface StockUploadTask {
  id: string;
  fileName: string;
  format: StockFileFormat;
  storageKey: string;
  mode: StockUploadMode;
  keepGoodRows: boolean;
  /** Null: duplicates are reported and none of them applied. */
  duplicatePolicy: StockUploadDuplicatePolicy | null;
  actor: ApplyActor;
}

export interface JobContext {
  db: Db;
  storage: FileStorage;
  log: FastifyBaseLogger;
  /** Aborted when the server stops: the job ends without applying anything. */
  signal: AbortSignal;
  /** What is read of an XLSX file. */
  xlsxLimits: XlsxLimits;
  /** What keeps a stone in use, so that a replace-all keeps it. */
  usage: UsageContext;
}

/** A failure the person who uploaded can act on; its message is the job's message. */
export class StockFileError extends Error {}

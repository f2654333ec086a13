import {
  type PaginateResult,
  STOCK_UPLOAD_MESSAGES,
  type StockUploadJob,
  type StockUploadOutcome,
  type StockUploadRowReport,
  type StockUploadState,
  type stockUploadPaginateSchema,
  type stockUploadRowsSchema,
} from '@facet/contract';
import { and, asc, count, desc, eq, gt, inArray, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { users } from '../access/user-table.ts';
import type { Db } from '../db/client.ts';
import { pageOf } from '../db/paging.ts';
import { stockUploadRows, stockUploads } from './stock-upload-tables.ts';

type JobRow = typeof stockUploads.$inferSelect;

/**
 * A failed job applied nothing (its apply is one transaction, rolled back or never begun), whatever its
 * rows were staged as or its progress counted when it stopped: its answer and its report say so. This
 * is read, not written, when the job fails: a job is failed by a process that may die before it could
 * rewrite a million rows, and jobs failed before this rule was kept read right as well.
 */
const appliedNothing = (state: StockUploadState) => state === 'failed';
/** Outcomes that would say a stone was written. */
const APPLIED_OUTCOMES: StockUploadOutcome[] = ['accepted', 'updated'];

export function toStockUploadJob(row: JobRow, createdByName: string | null): StockUploadJob {
  const applied = !appliedNothing(row.state);
  return {
    id: row.id,
    fileName: row.fileName,
    fileSize: row.fileSize,
    mode: row.mode,
    keepGoodRows: row.keepGoodRows,
    state: row.state,
    rowsRead: row.rowsRead,
    accepted: applied ? row.accepted : 0,
    updated: applied ? row.updated : 0,
    merged: row.merged,
    rejected: row.rejected,
    removed: applied ? row.removed : 0,
    message: row.message,
    columns: row.columns,
    duplicates: row.duplicates,
    duplicatePolicy: row.duplicatePolicy ?? null,
    createdBy: row.createdBy,
    createdByName,
    createdAt: row.createdAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

const jobSelection = { job: stockUploads, createdByName: users.name };

export async function findStockUpload(db: Db, id: string): Promise<StockUploadJob | undefined> {
  const [found] = await db
    .select(jobSelection)
    .from(stockUploads)
    .leftJoin(users, eq(users.id, stockUploads.createdBy))
    .where(eq(stockUploads.id, id));
  return found && toStockUploadJob(found.job, found.createdByName);
}

const listOf = <T>(value: T | T[] | undefined): T[] | undefined =>
  value === undefined ? undefined : Array.isArray(value) ? value : [value];

export async function paginateStockUploads(
  db: Db,
  request: z.output<typeof stockUploadPaginateSchema>,
): Promise<PaginateResult<StockUploadJob>> {
  const states = listOf(request.filter?.state);
  const where = states ? inArray(stockUploads.state, states) : undefined;
  const direction = request.sort?.createdAt?.toLowerCase() === 'asc' ? asc : desc;
  const { limit, offset } = pageOf(request);
  const [rows, [total]] = await Promise.all([
    db
      .select(jobSelection)
      .from(stockUploads)
      .leftJoin(users, eq(users.id, stockUploads.createdBy))
      .where(where)
      .orderBy(direction(stockUploads.createdAt), asc(stockUploads.id))
      .limit(limit)
      .offset(offset),
    db.select({ value: count() }).from(stockUploads).where(where),
  ]);
  return { list: rows.map((row) => toStockUploadJob(row.job, row.createdByName)), count: total?.value ?? 0 };
}

interface StoredReportRow {
  rowNumber: number;
  stockNumber: string | null;
  outcome: StockUploadOutcome;
  reasons: string[];
}

/** A report row as the job's state makes it: a failed job's good rows were not applied. */
function reportRowOf(state: StockUploadState) {
  return (row: StoredReportRow): StockUploadRowReport =>
    appliedNothing(state) && APPLIED_OUTCOMES.includes(row.outcome)
      ? {
          rowNumber: row.rowNumber,
          stockNumber: row.stockNumber,
          outcome: 'skipped',
          reasons: [STOCK_UPLOAD_MESSAGES.notApplied, ...row.reasons],
        }
      : {
          rowNumber: row.rowNumber,
          stockNumber: row.stockNumber,
          outcome: row.outcome,
          reasons: row.reasons,
        };
}

/** The stored outcomes a filter on reported outcomes reads: a failed job reports its good rows skipped. */
function storedOutcomes(state: StockUploadState, outcomes: StockUploadOutcome[]): StockUploadOutcome[] {
  if (!appliedNothing(state)) return outcomes;
  const reported = outcomes.filter((outcome) => !APPLIED_OUTCOMES.includes(outcome));
  return reported.includes('skipped') ? [...reported, ...APPLIED_OUTCOMES] : reported;
}

const reportColumns = {
  rowNumber: stockUploadRows.rowNumber,
  stockNumber: stockUploadRows.stockNumber,
  outcome: stockUploadRows.outcome,
  reasons: stockUploadRows.reasons,
};

export async function paginateReportRows(
  db: Db,
  job: Pick<StockUploadJob, 'id' | 'state'>,
  request: z.output<typeof stockUploadRowsSchema>,
): Promise<PaginateResult<StockUploadRowReport>> {
  const requested = listOf(request.filter?.outcome);
  const outcomes = requested && storedOutcomes(job.state, requested);
  if (outcomes?.length === 0) return { list: [], count: 0 };
  const where: SQL | undefined = and(
    eq(stockUploadRows.jobId, job.id),
    outcomes ? inArray(stockUploadRows.outcome, outcomes) : undefined,
  );
  const direction = request.sort?.rowNumber?.toLowerCase() === 'desc' ? desc : asc;
  const { limit, offset } = pageOf(request);
  const [rows, [total]] = await Promise.all([
    db
      .select(reportColumns)
      .from(stockUploadRows)
      .where(where)
      .orderBy(direction(stockUploadRows.rowNumber))
      .limit(limit)
      .offset(offset),
    db.select({ value: count() }).from(stockUploadRows).where(where),
  ]);
  return { list: rows.map(reportRowOf(job.state)), count: total?.value ?? 0 };
}

/** The whole report in file order, a batch at a time (keyset paging: flat memory at any length). */
export async function* reportBatches(
  db: Db,
  job: Pick<StockUploadJob, 'id' | 'state'>,
  size: number,
): AsyncGenerator<StockUploadRowReport[]> {
  const jobId = job.id;
  const toReportRow = reportRowOf(job.state);
  let after = 0;
  for (;;) {
    const rows = await db
      .select(reportColumns)
      .from(stockUploadRows)
      .where(and(eq(stockUploadRows.jobId, jobId), gt(stockUploadRows.rowNumber, after)))
      .orderBy(asc(stockUploadRows.rowNumber))
      .limit(size);
    if (rows.length === 0) return;
    yield rows.map(toReportRow);
    after = rows[rows.length - 1]?.rowNumber ?? after;
    if (rows.length < size) return;
  }
}

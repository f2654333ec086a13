import type {
  PaginateResult,
  StockUploadJob,
  StockUploadOutcome,
  StockUploadRowReport,
  stockUploadPaginateSchema,
  stockUploadRowsSchema,
} from '@facet/contract';
import { and, asc, count, desc, eq, gt, inArray, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../db/client.ts';
import { pageOf } from '../db/paging.ts';
import { stockUploadRows, stockUploads, users } from '../db/schema.ts';

type JobRow = typeof stockUploads.$inferSelect;

export function toStockUploadJob(row: JobRow, createdByName: string | null): StockUploadJob {
  return {
    id: row.id,
    fileName: row.fileName,
    fileSize: row.fileSize,
    mode: row.mode,
    keepGoodRows: row.keepGoodRows,
    state: row.state,
    rowsRead: row.rowsRead,
    accepted: row.accepted,
    updated: row.updated,
    merged: row.merged,
    rejected: row.rejected,
    removed: row.removed,
    message: row.message,
    columns: row.columns,
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

const toReportRow = (row: {
  rowNumber: number;
  stockNumber: string | null;
  outcome: StockUploadOutcome;
  reasons: string[];
}): StockUploadRowReport => ({
  rowNumber: row.rowNumber,
  stockNumber: row.stockNumber,
  outcome: row.outcome,
  reasons: row.reasons,
});

const reportColumns = {
  rowNumber: stockUploadRows.rowNumber,
  stockNumber: stockUploadRows.stockNumber,
  outcome: stockUploadRows.outcome,
  reasons: stockUploadRows.reasons,
};

export async function paginateReportRows(
  db: Db,
  jobId: string,
  request: z.output<typeof stockUploadRowsSchema>,
): Promise<PaginateResult<StockUploadRowReport>> {
  const outcomes = listOf(request.filter?.outcome);
  const where: SQL | undefined = and(
    eq(stockUploadRows.jobId, jobId),
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
  return { list: rows.map(toReportRow), count: total?.value ?? 0 };
}

/** The whole report in file order, a batch at a time (keyset paging: flat memory at any length). */
export async function* reportBatches(
  db: Db,
  jobId: string,
  size: number,
): AsyncGenerator<StockUploadRowReport[]> {
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

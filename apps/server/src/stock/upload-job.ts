import { STOCK_UPLOAD_MESSAGES as M, type StockUploadState } from '@facet/contract';
import { eq, sql } from 'drizzle-orm';
import { recordAuditFrom } from '../audit/audit-log.ts';
import { type Db, pgErrorCode, UNIQUE_VIOLATION } from '../db/client.ts';
import { stockUploadRows, stockUploads, stones } from '../db/schema.ts';
import { applyStagedUpload } from './upload-apply.ts';
import { loadStoneCodeBook } from './upload-codes.ts';
import { scanDiscount } from './upload-discount-scan.ts';
import { dataRows, delimiterOf, openRows } from './upload-file-rows.ts';
import { mergeDuplicates } from './upload-merge.ts';
import type { ColumnPlan } from './upload-plan.ts';
import { mapRow } from './upload-row.ts';
import { StagingWriter } from './upload-staging.ts';
import { type JobContext, StockFileError, type StockUploadTask } from './upload-task.ts';

/** Progress reaches the job row (and every panel watching it) this often. */
export const PROGRESS_EVERY_ROWS = 5000;

async function updateJob(db: Db, id: string, values: Partial<typeof stockUploads.$inferInsert>) {
  await db
    .update(stockUploads)
    .set({ ...values, heartbeatAt: new Date() })
    .where(eq(stockUploads.id, id));
}

function auditSummary(task: StockUploadTask, state: StockUploadState, counts: Record<string, number>) {
  return {
    action: 'stockUpload.create' as const,
    entityType: 'stockUpload',
    entityId: task.id,
    subjectUserId: null,
    before: null,
    after: { fileName: task.fileName, mode: task.mode, keepGoodRows: task.keepGoodRows, state, ...counts },
  };
}

/** Reads, checks and stages every row; answers the staged counts. */
async function stageRows(task: StockUploadTask, context: JobContext) {
  const { db } = context;
  const delimiter = await delimiterOf(task, context);
  const codes = await loadStoneCodeBook(db);
  const fractionalDiscount = await scanDiscount(task, context, delimiter);
  const writer = new StagingWriter(db, task.id);
  let rowsRead = 0;
  let plan: ColumnPlan | undefined;
  const savePlan = async (found: ColumnPlan) => {
    if (!found.targets.has('carat')) throw new StockFileError(M.noCaratColumn);
    plan = found;
    await updateJob(db, task.id, { columns: found.mapping });
  };
  for await (const { row } of dataRows(await openRows(task, context, delimiter), savePlan)) {
    if (context.signal.aborted) throw new StockFileError(M.interrupted);
    const context_ = { plan: plan as ColumnPlan, codes, fractionalDiscount };
    const sending = writer.add(row.rowNumber, mapRow(row.cells, context_));
    if (sending) await sending;
    rowsRead += 1;
    if (rowsRead % PROGRESS_EVERY_ROWS === 0) {
      await updateJob(db, task.id, {
        rowsRead,
        accepted: writer.counts.accepted,
        updated: writer.counts.updated,
        rejected: writer.counts.rejected,
      });
    }
  }
  await writer.flush();
  if (rowsRead === 0) throw new StockFileError(M.noRows);
  return { rowsRead, ...writer.counts };
}

/** All-or-nothing: the good rows are marked skipped, the stock is untouched. */
async function refuse(
  task: StockUploadTask,
  db: Db,
  counts: { rowsRead: number; merged: number; rejected: number },
) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`update ${stockUploadRows} set outcome = 'skipped'
      where job_id = ${task.id} and outcome in ('accepted', 'updated')`);
    const totals = { ...counts, accepted: 0, updated: 0, removed: 0 };
    await tx
      .update(stockUploads)
      .set({
        ...totals,
        state: 'refused',
        message: M.refused(counts.rejected),
        finishedAt: new Date(),
        heartbeatAt: new Date(),
      })
      .where(eq(stockUploads.id, task.id));
    await recordAuditFrom(tx, clientOf(task), auditSummary(task, 'refused', totals));
  });
}

const clientOf = (task: StockUploadTask) => ({
  actorId: task.actor.userId,
  client: { ip: task.actor.ip, userAgent: task.actor.userAgent },
});

/** One transaction: the stock, the rows' final outcomes, the job's counts and its audit entry. */
async function apply(
  task: StockUploadTask,
  db: Db,
  counts: { rowsRead: number; merged: number; rejected: number },
) {
  await updateJob(db, task.id, { state: 'applying', rowsRead: counts.rowsRead, merged: counts.merged });
  // Fresh statistics, so the joins of the apply use the stock # index whatever the stock just became.
  await db.execute(sql`analyze ${stockUploadRows}`);
  await db.execute(sql`analyze ${stones}`);
  await db.transaction(async (tx) => {
    const applied = await applyStagedUpload(tx, task.id, task.mode, task.actor);
    const totals = { ...counts, ...applied };
    await tx
      .update(stockUploads)
      .set({
        ...totals,
        state: 'completed',
        message: M.completed(applied.accepted + applied.updated, counts.rejected),
        finishedAt: new Date(),
        heartbeatAt: new Date(),
      })
      .where(eq(stockUploads.id, task.id));
    await recordAuditFrom(tx, clientOf(task), auditSummary(task, 'completed', totals));
  });
}

/** A job that cannot finish: nothing was applied (the apply is one transaction), the message says why. */
export async function failJob(db: Db, task: StockUploadTask, message: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(stockUploads)
      .set({ state: 'failed', message, finishedAt: new Date(), heartbeatAt: new Date() })
      .where(eq(stockUploads.id, task.id));
    await recordAuditFrom(tx, clientOf(task), auditSummary(task, 'failed', {}));
  });
}

/** Runs one upload from its stored file to its end state. Never throws: every end is on the job row. */
export async function runStockUpload(task: StockUploadTask, context: JobContext): Promise<void> {
  const { db, log } = context;
  try {
    await updateJob(db, task.id, { state: 'reading', startedAt: new Date() });
    const started = Date.now();
    const staged = await stageRows(task, context);
    const merged = await mergeDuplicates(db, task.id);
    const counts = { rowsRead: staged.rowsRead, merged, rejected: staged.rejected };
    const read = Date.now();
    if (context.signal.aborted) throw new StockFileError(M.interrupted);
    if (staged.rejected > 0 && !task.keepGoodRows) await refuse(task, db, counts);
    else await apply(task, db, counts);
    log.info(
      { stockUploadId: task.id, ...counts, readMs: read - started, applyMs: Date.now() - read },
      'stock upload finished',
    );
  } catch (error) {
    const message =
      error instanceof StockFileError
        ? error.message
        : isParseError(error)
          ? M.unreadable((error as Error).message)
          : context.signal.aborted
            ? M.interrupted
            : pgErrorCode(error) === UNIQUE_VIOLATION
              ? M.stockChanged
              : M.serverError;
    if (!(error instanceof StockFileError))
      log.error({ err: error, stockUploadId: task.id }, 'stock upload failed');
    await failJob(db, task, message).catch((failure: unknown) =>
      log.error({ err: failure, stockUploadId: task.id }, 'could not record a failed stock upload'),
    );
  }
}

/** Errors of the CSV parser and of the XLSX reader (a broken zip, bad XML): the file is at fault. */
function isParseError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && code.startsWith('CSV_')) return true;
  return /zip|xml|end of central directory|invalid signature|unexpected end/i.test(error.message);
}

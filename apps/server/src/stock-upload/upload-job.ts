import { STOCK_UPLOAD_MESSAGES as M, type StockUploadState } from '@facet/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { type Db, pgErrorCode, UNIQUE_VIOLATION } from '../db/client.ts';
import { isConnectionLost } from '../db/connection-lost.ts';
import { stones } from '../db/resource-tables.ts';
import { recordAuditFrom } from '../resources/audit-log.ts';
import { SpreadsheetLimitError } from '../spreadsheets/zip-parts.ts';
import { stockUploadRows, stockUploads } from './stock-upload-tables.ts';
import { applyStagedUpload, rejectDeletedMasters } from './upload-apply.ts';
import { loadStoneCodeBook } from './upload-codes.ts';
import { scanDiscount } from './upload-discount-scan.ts';
import { type DuplicateOutcome, resolveDuplicates } from './upload-duplicates.ts';
import { dataRows, delimiterOf, openRows } from './upload-file-rows.ts';
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
    after: {
      fileName: task.fileName,
      mode: task.mode,
      keepGoodRows: task.keepGoodRows,
      duplicatePolicy: task.duplicatePolicy,
      state,
      ...counts,
    },
  };
}

type Counts = { rowsRead: number; merged: number; rejected: number };

/** Duplicates no policy settled: none of them was applied, and the person uploading must choose. */
const unchosen = (task: StockUploadTask, found: DuplicateOutcome) =>
  task.duplicatePolicy === null ? found.groups : 0;

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
async function refuse(task: StockUploadTask, db: Db, counts: Counts, unchosenDuplicates: number) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`update ${stockUploadRows} set outcome = 'skipped'
      where job_id = ${task.id} and outcome in ('accepted', 'updated')`);
    const totals = { ...counts, accepted: 0, updated: 0, removed: 0 };
    await tx
      .update(stockUploads)
      .set({
        ...totals,
        state: 'refused',
        message:
          counts.rejected === 0
            ? M.refusedDuplicates(unchosenDuplicates)
            : M.refused(counts.rejected) +
              (unchosenDuplicates > 0 ? M.duplicatesLeftOut(unchosenDuplicates) : ''),
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

/** An apply that found rows to reject at the last moment, in an upload that takes good rows only all together. */
class LateRejection extends Error {}

/** One transaction: the stock, the rows' final outcomes, the job's counts and its audit entry. */
async function apply(task: StockUploadTask, context: JobContext, counts: Counts, unchosenDuplicates: number) {
  const { db } = context;
  await updateJob(db, task.id, { state: 'applying', rowsRead: counts.rowsRead, merged: counts.merged });
  // Fresh statistics, so the joins of the apply use the stock # index whatever the stock just became.
  await db.execute(sql`analyze ${stockUploadRows}`);
  await db.execute(sql`analyze ${stones}`);
  try {
    await db.transaction(async (tx) => {
      const {
        rejected: lateRejected,
        keptInUse,
        ...applied
      } = await applyStagedUpload(tx, task.id, task.mode, task.actor, context.usage);
      if (lateRejected > 0 && !task.keepGoodRows) throw new LateRejection();
      const rejected = counts.rejected + lateRejected;
      const totals = { ...counts, ...applied, rejected };
      await tx
        .update(stockUploads)
        .set({
          ...totals,
          state: 'completed',
          message:
            M.completed(applied.accepted + applied.updated, rejected) +
            (applied.removed > 0 ? M.removedAbsent(applied.removed) : '') +
            (keptInUse > 0 ? M.keptInUse(keptInUse) : '') +
            (unchosenDuplicates > 0 ? M.duplicatesLeftOut(unchosenDuplicates) : ''),
          finishedAt: new Date(),
          heartbeatAt: new Date(),
        })
        .where(eq(stockUploads.id, task.id));
      await recordAuditFrom(tx, clientOf(task), auditSummary(task, 'completed', totals));
    });
  } catch (error) {
    if (!(error instanceof LateRejection)) throw error;
    // Rolled back: the rows are rejected again, for good, and the upload is refused as a whole.
    const lateRejected = await db.transaction((tx) => rejectDeletedMasters(tx, task.id));
    await refuse(task, db, { ...counts, rejected: counts.rejected + lateRejected }, unchosenDuplicates);
  }
}

/** Job states a job may still leave: the only ones failing it may overwrite. */
export const UNFINISHED_STOCK_UPLOAD_STATES = ['queued', 'reading', 'applying'] as const;

/**
 * Pauses before each new attempt to record a failed job: a job fails most often because its database
 * connection was lost, and the next connection may be lost as well (a restart, a fail-over).
 */
export const FAIL_JOB_RETRY_DELAYS_MS = [100, 250, 500, 1000, 2000, 4000];

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One attempt: a job already finished (by an earlier attempt whose answer was lost) is left as it is. */
async function markFailed(db: Db, task: StockUploadTask, message: string): Promise<void> {
  await db.transaction(async (tx) => {
    const failed = await tx
      .update(stockUploads)
      .set({ state: 'failed', message, finishedAt: new Date(), heartbeatAt: new Date() })
      .where(
        and(eq(stockUploads.id, task.id), inArray(stockUploads.state, [...UNFINISHED_STOCK_UPLOAD_STATES])),
      )
      .returning({ id: stockUploads.id });
    if (failed.length > 0) await recordAuditFrom(tx, clientOf(task), auditSummary(task, 'failed', {}));
  });
}

/**
 * A job that cannot finish: nothing was applied (the apply is one transaction), the message says why.
 * Retried while the database is unreachable, since a job left unfinished would show as running for
 * ever; throws the last error when every attempt failed (the runner then stops keeping it alive, and
 * the sweep of stale jobs fails it).
 */
export async function failJob(
  db: Db,
  task: StockUploadTask,
  message: string,
  retryDelaysMs: readonly number[] = FAIL_JOB_RETRY_DELAYS_MS,
): Promise<void> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      await markFailed(db, task, message);
      return;
    } catch (error) {
      const delay = retryDelaysMs[attempt];
      if (delay === undefined || !isConnectionLost(error)) throw error;
      await pause(delay);
    }
  }
}

/** Runs one upload from its stored file to its end state. Never throws: every end is on the job row. */
export async function runStockUpload(task: StockUploadTask, context: JobContext): Promise<void> {
  const { db, log } = context;
  // Only the apply writes stones: a unique violation before it is no sign of a concurrent change.
  let applying = false;
  try {
    await updateJob(db, task.id, { state: 'reading', startedAt: new Date() });
    const started = Date.now();
    const staged = await stageRows(task, context);
    const found = await resolveDuplicates(db, task.id, task.duplicatePolicy);
    await updateJob(db, task.id, { duplicates: found.duplicates });
    const counts = { rowsRead: staged.rowsRead, merged: found.leftOut, rejected: staged.rejected };
    const read = Date.now();
    if (context.signal.aborted) throw new StockFileError(M.interrupted);
    applying = true;
    const waiting = unchosen(task, found);
    if ((staged.rejected > 0 || waiting > 0) && !task.keepGoodRows) await refuse(task, db, counts, waiting);
    else await apply(task, context, counts, waiting);
    log.info(
      { stockUploadId: task.id, ...counts, readMs: read - started, applyMs: Date.now() - read },
      'stock upload finished',
    );
  } catch (error) {
    const fileAtFault = error instanceof StockFileError || error instanceof SpreadsheetLimitError;
    const message = fileAtFault
      ? error.message
      : isParseError(error)
        ? M.unreadable((error as Error).message)
        : context.signal.aborted
          ? M.interrupted
          : applying && pgErrorCode(error) === UNIQUE_VIOLATION
            ? M.stockChanged
            : M.serverError;
    if (!fileAtFault) log.error({ err: error, stockUploadId: task.id }, 'stock upload failed');
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

import { STOCK_UPLOAD_MESSAGES as M } from '@facet/contract';
import { CSV_SAMPLE_BYTES } from './upload-file-check.ts';
import { type ColumnPlan, isHeaderRow, planColumns } from './upload-plan.ts';
import { detectDelimiter, type SheetRow, sheetRows } from './upload-reader.ts';
import { type JobContext, StockFileError, type StockUploadTask } from './upload-task.ts';
import { isEmptyCell } from './upload-values.ts';

/** Rows above the header row that may be skipped (a title, a blank line). */
const MAX_ROWS_BEFORE_HEADER = 10;

/** The stored file's rows, streamed. */
export async function openRows(task: StockUploadTask, context: JobContext, delimiter: string) {
  const stored = await context.storage.get(task.storageKey);
  if (!stored) throw new Error(`stock file ${task.storageKey} missing from storage`);
  return sheetRows(task.format, stored.stream, delimiter);
}

/** A CSV's separator, judged on its first bytes. */
export async function delimiterOf(task: StockUploadTask, context: JobContext): Promise<string> {
  if (task.format !== 'csv') return ',';
  const stored = await context.storage.get(task.storageKey, { start: 0, end: CSV_SAMPLE_BYTES - 1 });
  if (!stored) throw new Error(`stock file ${task.storageKey} missing from storage`);
  const chunks: Buffer[] = [];
  for await (const chunk of stored.stream) chunks.push(chunk as Buffer);
  return detectDelimiter(Buffer.concat(chunks).toString('utf8'));
}

/** Rows with their plan, once the header row is found among the first rows. */
export async function* dataRows(
  rows: AsyncGenerator<SheetRow>,
  onPlan: (plan: ColumnPlan) => Promise<void>,
): AsyncGenerator<{ row: SheetRow; plan: ColumnPlan }> {
  let plan: ColumnPlan | undefined;
  let skipped = 0;
  for await (const row of rows) {
    if (!plan) {
      const candidate = planColumns(row.cells);
      if (isHeaderRow(candidate)) {
        plan = candidate;
        await onPlan(plan);
        continue;
      }
      skipped += 1;
      if (skipped >= MAX_ROWS_BEFORE_HEADER) throw new StockFileError(M.noHeader);
      continue;
    }
    if (row.cells.every((cell) => isEmptyCell(cell))) continue;
    yield { row, plan };
  }
  if (!plan) throw new StockFileError(M.noHeader);
}

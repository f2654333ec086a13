import { STOCK_UPLOAD_MESSAGES as M } from '@facet/contract';
import { lazyByteSource } from '../spreadsheets/zip-parts.ts';
import { CSV_SAMPLE_BYTES } from './upload-file-check.ts';
import { type ColumnPlan, isHeaderRow, planColumns } from './upload-plan.ts';
import { csvRows, detectDelimiter, type SheetRow, xlsxRows } from './upload-reader.ts';
import { type JobContext, StockFileError, type StockUploadTask } from './upload-task.ts';
import { type Cell, cellText } from './upload-values.ts';

/** Rows above the header row that may be skipped (a title, a blank line). */
const MAX_ROWS_BEFORE_HEADER = 10;

/** The stored file's rows, streamed; a workbook is read by ranges of the stored file, within limits. */
export async function openRows(
  task: StockUploadTask,
  context: JobContext,
  delimiter: string,
): Promise<AsyncGenerator<SheetRow>> {
  const stored = await context.storage.get(task.storageKey);
  if (!stored) throw new Error(`stock file ${task.storageKey} missing from storage`);
  if (task.format === 'csv') return csvRows(stored.stream, delimiter);
  stored.stream.destroy();
  const source = lazyByteSource(stored.size, async (start, end) => {
    const range = await context.storage.get(task.storageKey, { start, end: end - 1 });
    if (!range) throw new Error(`stock file ${task.storageKey} missing from storage`);
    return range.stream;
  });
  return xlsxRows(source, context.xlsxLimits);
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

/** A data row: the cells of the header's columns only, in the order of the plan's columns. */
export interface DataRow {
  rowNumber: number;
  cells: Cell[];
}

/**
 * The plan for rows of picked cells: each column's index becomes its place among the picked ones.
 * The rest of a row, columns the header does not name or cells right of its last one, is not read.
 */
function pickedPlan(plan: ColumnPlan): ColumnPlan {
  return { ...plan, columns: plan.columns.map((entry, index) => ({ ...entry, index })) };
}

/**
 * Rows with their plan, once the header row is found among the first rows. A row counts as blank, and
 * is skipped, when nothing is filled under a header: cells right of the header's last column, or under
 * an empty header, are ignored.
 */
export async function* dataRows(
  rows: AsyncGenerator<SheetRow>,
  onPlan: (plan: ColumnPlan) => Promise<void>,
): AsyncGenerator<{ row: DataRow; plan: ColumnPlan }> {
  let plan: ColumnPlan | undefined;
  let picked: number[] = [];
  let headed: ReadonlySet<number> = new Set();
  let skipped = 0;
  for await (const row of rows) {
    if (!plan) {
      const header = row.allCells();
      const candidate = planColumns(header);
      if (isHeaderRow(candidate)) {
        picked = candidate.columns.map((entry) => entry.index);
        headed = new Set(header.flatMap((cell, index) => (cellText(cell) === '' ? [] : [index])));
        plan = pickedPlan(candidate);
        await onPlan(plan);
        continue;
      }
      skipped += 1;
      if (skipped >= MAX_ROWS_BEFORE_HEADER) throw new StockFileError(M.noHeader);
      continue;
    }
    if (row.isBlankAt(headed)) continue;
    yield { row: { rowNumber: row.rowNumber, cells: row.cellsAt(picked) }, plan };
  }
  if (!plan) throw new StockFileError(M.noHeader);
}

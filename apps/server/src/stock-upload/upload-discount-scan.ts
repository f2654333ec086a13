import { SpreadsheetLimitError } from '../spreadsheets/zip-parts.ts';
import { dataRows, openRows } from './upload-file-rows.ts';
import { isHeaderRow, planColumns } from './upload-plan.ts';
import { CsvRow, type SheetRow, splitCsvLine, textLines } from './upload-reader.ts';
import { type JobContext, StockFileError, type StockUploadTask } from './upload-task.ts';
import { DiscountScale } from './upload-values.ts';

/**
 * Whether the file's discount column is fractional: a first pass reads that column alone, and stops at
 * the first value outside −1..1 (a column in percent is known at once). A CSV is split line by line
 * up to that column, much faster than the full parse; an XLSX is read with the same reader.
 */
export async function scanDiscount(
  task: StockUploadTask,
  context: JobContext,
  delimiter: string,
): Promise<boolean> {
  const scale = new DiscountScale();
  let index: number | undefined;
  let rows: AsyncGenerator<SheetRow> | undefined;
  try {
    if (task.format === 'csv') {
      const stored = await context.storage.get(task.storageKey);
      if (!stored) throw new Error(`stock file ${task.storageKey} missing from storage`);
      rows = csvLineCells(textLines(stored.stream), delimiter);
    } else {
      rows = await openRows(task, context, delimiter);
    }
    for await (const { row, plan } of dataRows(rows, async () => {})) {
      index ??= plan.columns.find((entry) => entry.column.target === 'marketingBack')?.index ?? -1;
      if (index < 0 || context.signal.aborted) break;
      scale.observe(row.cells[index]);
      if (scale.settled) break;
    }
  } catch (error) {
    // A workbook past the limits fails the job at once, rather than after a second read to the limit.
    if (error instanceof SpreadsheetLimitError) throw error;
    // The main pass reports a file it cannot read, with the rows it got to.
    if (!(error instanceof StockFileError)) context.log.debug({ err: error }, 'discount scan stopped');
  } finally {
    await rows?.return(undefined);
  }
  return scale.fractional;
}

/** Lines as rows: whole lines until the header is found, then only the cells up to the discount. */
async function* csvLineCells(lines: AsyncGenerator<string>, delimiter: string): AsyncGenerator<SheetRow> {
  let rowNumber = 0;
  let limit = Number.POSITIVE_INFINITY;
  for await (const line of lines) {
    rowNumber += 1;
    const cells = splitCsvLine(rowNumber === 1 ? line.replace(/^\uFEFF/, '') : line, delimiter, limit);
    if (!Number.isFinite(limit)) {
      const plan = planColumns(cells);
      if (isHeaderRow(plan)) {
        const discount = plan.columns.find((entry) => entry.column.target === 'marketingBack');
        limit = discount ? discount.index + 1 : 1;
      }
    }
    yield new CsvRow(rowNumber, cells);
  }
}

import { Readable, Transform } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { STOCK_UPLOAD_MESSAGES as M } from '@facet/contract';
import ExcelJS from 'exceljs';
import type { XlsxLimits } from './xlsx-limits.ts';
import { type ByteSource, SpreadsheetLimitError, ZipParts } from './zip-parts.ts';

/** A filled cell: its column as Excel numbers it (A is 1), and its value. */
export interface XlsxCell {
  column: number;
  value: ExcelJS.CellValue;
}

/**
 * One row of a sheet: its number as Excel shows it, and its filled cells in column order. A row is
 * never built out to its last column: one cell in column XFD is one cell here, not 16,384.
 */
export interface XlsxRow {
  rowNumber: number;
  cells: XlsxCell[];
}

/** Rows read between two turns given back to the event loop: a long read must not hold the server. */
export const ROWS_PER_TURN = 500;

type SharedString = string | { richText: { text: string }[] };

/**
 * The part readers of exceljs's streaming WorkbookReader, driven here one part at a time instead of
 * through its own unzipping (which follows the local headers, unbounded, and writes every sheet met
 * before the shared strings to a temporary file unpacked). Pinned by the tests of this module.
 */
interface ExcelPartReaders {
  sharedStrings: SharedString[] | undefined;
  _parseRels(entry: Readable): Promise<void>;
  _parseWorkbook(entry: Readable): Promise<void>;
  _parseStyles(entry: Readable): Promise<void>;
  _parseSharedStrings(entry: Readable): AsyncGenerator<never>;
  _parseWorksheet(
    iterator: AsyncIterable<unknown>,
    sheetNo: string,
  ): Generator<{ value: ExcelJS.stream.xlsx.WorksheetReader }>;
  workbookRels?: { Id: string; Target: string }[];
  model?: { sheets?: { rId: string }[] };
}

/**
 * exceljs's sheet reader widens the sheet's dimensions with every row it reads, walking the row to its
 * last column to find them (an array of 16,384 slots for one cell in XFD): nothing here reads them.
 */
interface ExcelWorksheetReader extends AsyncIterable<ExcelJS.Row> {
  _dimensions: { expandRow(row: ExcelJS.Row): void };
}

/** exceljs's row keeps its cells in an array indexed by column, holes where no cell is. */
interface ExcelRowCells {
  _cells: (ExcelJS.Cell | undefined)[];
}

/**
 * The filled cells of a row, found by the keys of its cell array (the cells it holds) rather than by
 * walking it to its length (its last column), which every public accessor of exceljs's Row does.
 */
function filledCells(row: ExcelJS.Row): XlsxCell[] {
  const slots = (row as unknown as ExcelRowCells)._cells;
  const cells: XlsxCell[] = [];
  for (const key of Object.keys(slots)) {
    const value = slots[Number(key)]?.value;
    if (value !== null && value !== undefined) cells.push({ column: Number(key) + 1, value });
  }
  return cells;
}

const SHEET_PART = /^xl\/worksheets\/sheet(\d+)\.xml$/;

/** The first sheet in the workbook's order, or the lowest-numbered sheet part when it names none. */
function firstSheetPart(reader: ExcelPartReaders, zip: ZipParts): string | undefined {
  const first = reader.model?.sheets?.[0];
  const target = first && reader.workbookRels?.find((rel) => rel.Id === first.rId)?.Target;
  if (target) {
    const name = target.startsWith('/') ? target.slice(1) : `xl/${target}`;
    if (SHEET_PART.test(name) && zip.has(name)) return name;
  }
  return [...zip.parts.keys()]
    .filter((name) => SHEET_PART.test(name))
    .sort((a, b) => Number(SHEET_PART.exec(a)?.[1]) - Number(SHEET_PART.exec(b)?.[1]))[0];
}

/**
 * The shared-strings table, held (cells point into it by index). exceljs fills it as it parses, so
 * its length is watched between the chunks it is fed, and the part's unpacked size bounds its texts.
 */
async function readSharedStrings(
  reader: ExcelPartReaders,
  zip: ZipParts,
  limits: XlsxLimits,
): Promise<SharedString[]> {
  const name = 'xl/sharedStrings.xml';
  if (!zip.has(name)) return [];
  const tooMuch = () => new SpreadsheetLimitError(M.tooManyTexts(limits.maxSharedStrings));
  if (zip.sizeOf(name) > limits.maxSharedStringsBytes) throw tooMuch();
  const part = await zip.read(name);
  const watched = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if ((reader.sharedStrings?.length ?? 0) > limits.maxSharedStrings) callback(tooMuch());
      else callback(null, chunk);
    },
  });
  part.on('error', (error) => watched.destroy(error));
  watched.on('close', () => part.destroy());
  // With the table cached, the parse yields nothing: it ends when the part does.
  for await (const _ of reader._parseSharedStrings(part.pipe(watched))) {
  }
  const table = reader.sharedStrings ?? [];
  if (table.length > limits.maxSharedStrings) throw tooMuch();
  return table;
}

/**
 * The rows of the first worksheet of an XLSX file, streamed within `limits`: the zip's directory is
 * checked before anything is unpacked, each part stops at the size it declared, the shared strings
 * and styles are read first (random access), and rows or columns past the limits stop the reading.
 * Dates come back as dates, since styles are read. The event loop gets a turn every ROWS_PER_TURN
 * rows: a sheet of a million rows is read in the background of the requests being served.
 */
export async function* boundedXlsxRows(source: ByteSource, limits: XlsxLimits): AsyncGenerator<XlsxRow> {
  const zip = await ZipParts.open(source, limits);
  try {
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([]), {
      worksheets: 'emit',
      sharedStrings: 'cache',
      styles: 'cache',
      hyperlinks: 'ignore',
      entries: 'ignore',
    }) as unknown as ExcelPartReaders;
    if (zip.has('xl/_rels/workbook.xml.rels'))
      await reader._parseRels(await zip.read('xl/_rels/workbook.xml.rels'));
    if (zip.has('xl/workbook.xml')) await reader._parseWorkbook(await zip.read('xl/workbook.xml'));
    if (zip.has('xl/styles.xml')) await reader._parseStyles(await zip.read('xl/styles.xml'));
    reader.sharedStrings = await readSharedStrings(reader, zip, limits);
    const sheet = firstSheetPart(reader, zip);
    if (!sheet) return;
    const sheetNo = SHEET_PART.exec(sheet)?.[1] ?? '1';
    const stream = await zip.read(sheet);
    try {
      for (const { value: worksheet } of reader._parseWorksheet(stream, sheetNo)) {
        const sheetRows = worksheet as unknown as ExcelWorksheetReader;
        sheetRows._dimensions = { expandRow() {} };
        let rows = 0;
        let previous = 0;
        for await (const row of sheetRows) {
          rows += 1;
          if (rows % ROWS_PER_TURN === 0) await nextTurn();
          const cells = filledCells(row);
          // A sheet lists its rows in order, once each: a row with cells met again or out of order would
          // be read as two rows with one number. (A repeated empty row is read as nothing.)
          const rowNumber = row.number;
          if (cells.length > 0 && rowNumber <= previous) {
            throw new SpreadsheetLimitError(M.rowOutOfOrder(rowNumber));
          }
          previous = Math.max(previous, rowNumber);
          const lastColumn = cells.at(-1)?.column ?? 0;
          if (rows > limits.maxRows || rowNumber > limits.maxRows || lastColumn > limits.maxColumns) {
            throw new SpreadsheetLimitError(M.tooManyCells(limits.maxRows, limits.maxColumns));
          }
          yield { rowNumber, cells };
        }
        return;
      }
    } catch (error) {
      // exceljs refuses a cell past column XFD while it parses the row.
      if (error instanceof Error && /^Out of bounds/.test(error.message)) {
        throw new SpreadsheetLimitError(M.tooManyCells(limits.maxRows, limits.maxColumns));
      }
      throw error;
    } finally {
      stream.destroy();
    }
  } finally {
    zip.close();
  }
}

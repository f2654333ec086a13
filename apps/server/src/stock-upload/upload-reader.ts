import { type Readable, Transform } from 'node:stream';
import { STOCK_UPLOAD_MESSAGES as M } from '@facet/contract';
import { parse } from 'csv-parse';
import type { XlsxLimits } from '../spreadsheets/xlsx-limits.ts';
import { boundedXlsxRows, type XlsxCell } from '../spreadsheets/xlsx-reader.ts';
import { type ByteSource, SpreadsheetLimitError } from '../spreadsheets/zip-parts.ts';
import { type Cell, isEmptyCell } from './upload-values.ts';

export type StockFileFormat = 'csv' | 'xlsx';

/**
 * One row of the sheet, numbered as a spreadsheet numbers it (the first line is row 1). Its cells are
 * read by position (from 0): all of them only while the header row is looked for, then only the
 * header's columns, so that a row with one cell far to the right costs one cell.
 */
export interface SheetRow {
  rowNumber: number;
  /** Every cell from the first column to the row's last filled one. */
  allCells(): Cell[];
  /** The cells at `indexes`, in that order. */
  cellsAt(indexes: readonly number[]): Cell[];
  /** Whether no cell at `indexes` holds a value (placeholders such as "n/a" count as none). */
  isBlankAt(indexes: ReadonlySet<number>): boolean;
}

/** A CSV record: the parser has split the whole line already. */
export class CsvRow implements SheetRow {
  constructor(
    readonly rowNumber: number,
    readonly cells: Cell[],
  ) {}

  allCells(): Cell[] {
    return this.cells;
  }

  cellsAt(indexes: readonly number[]): Cell[] {
    return indexes.map((index) => this.cells[index] ?? null);
  }

  isBlankAt(indexes: ReadonlySet<number>): boolean {
    return this.cells.every((cell, index) => !indexes.has(index) || isEmptyCell(cell));
  }
}

/** The CSV separator a file uses, judged on its first line: comma, semicolon or tab. */
export function detectDelimiter(sample: string): string {
  const firstLine = sample.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? '';
  const counts = [',', ';', '\t'].map((delimiter) => [delimiter, firstLine.split(delimiter).length] as const);
  counts.sort((a, b) => b[1] - a[1]);
  return counts[0]?.[1] && counts[0][1] > 1 ? counts[0][0] : ',';
}

/**
 * The most one line (and one record) of a CSV file may take. A stock row is a few KB at most; without
 * a bound, a file of one endless line would be held whole, however large.
 */
export const CSV_MAX_LINE_BYTES = 1024 * 1024;

const lineTooLong = (line: number, maxBytes: number) =>
  new SpreadsheetLimitError(M.lineTooLong(line, Math.round(maxBytes / 1024)));

/** See boundedChunks. */
const CSV_CHUNK_BYTES = 8 * 1024;

/**
 * The parser turns a whole chunk into records at once, and they wait to be read: with the file's 64 KB
 * chunks, hundreds of them live long enough to reach V8's old space and stay there as garbage until a
 * full collection. Small chunks keep them young. The bytes since the last line end are counted on the
 * way: a line past `maxLineBytes` stops the stream before the parser holds it.
 */
function boundedChunks(size: number, maxLineBytes: number): Transform {
  let line = 1;
  let lineBytes = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      for (let start = 0; start < chunk.length; ) {
        const end = chunk.indexOf(0x0a, start);
        lineBytes += (end < 0 ? chunk.length : end) - start;
        if (lineBytes > maxLineBytes) return callback(lineTooLong(line, maxLineBytes));
        if (end < 0) break;
        line += 1;
        lineBytes = 0;
        start = end + 1;
      }
      for (let start = 0; start < chunk.length; start += size) this.push(chunk.subarray(start, start + size));
      callback();
    },
  });
}

/**
 * The rows of a CSV file, streamed: the parser holds one record at a time, of at most `maxLineBytes`
 * per line and per record (a quoted field may span lines). A row's number is its record's position
 * (quoted fields spanning lines are rare in stock files); blank lines count, as a spreadsheet shows
 * them, and the job skips them.
 */
export async function* csvRows(
  source: Readable,
  delimiter: string,
  maxLineBytes = CSV_MAX_LINE_BYTES,
): AsyncGenerator<SheetRow> {
  const bounded = source.pipe(boundedChunks(CSV_CHUNK_BYTES, maxLineBytes));
  const parser = bounded.pipe(
    parse({
      bom: true,
      delimiter,
      relax_column_count: true,
      relax_quotes: true,
      max_record_size: maxLineBytes,
    }),
  );
  // pipe() does not carry errors along: the parser ends with the bound's.
  bounded.on('error', (error) => parser.destroy(error));
  let rowNumber = 0;
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      rowNumber += 1;
      yield new CsvRow(rowNumber, record);
    }
  } catch (error) {
    if ((error as { code?: unknown }).code === 'CSV_MAX_RECORD_SIZE') {
      throw lineTooLong((error as { lines?: number }).lines ?? rowNumber + 1, maxLineBytes);
    }
    throw error;
  } finally {
    source.destroy();
  }
}

/**
 * The first `limit` cells of one CSV line, quotes understood; the rest of the line is not scanned. A
 * line without quotes is a plain split.
 */
export function splitCsvLine(line: string, delimiter: string, limit = Number.POSITIVE_INFINITY): string[] {
  if (!line.includes('"'))
    return Number.isFinite(limit) ? line.split(delimiter, limit) : line.split(delimiter);
  const cells: string[] = [];
  let position = 0;
  while (position <= line.length && cells.length < limit) {
    let value = '';
    if (line[position] === '"') {
      position += 1;
      for (;;) {
        const quote = line.indexOf('"', position);
        if (quote < 0) {
          value += line.slice(position);
          position = line.length;
          break;
        }
        value += line.slice(position, quote);
        position = quote + 1;
        if (line[position] !== '"') break;
        value += '"';
        position += 1;
      }
    }
    const next = line.indexOf(delimiter, position);
    value += line.slice(position, next < 0 ? line.length : next);
    cells.push(value);
    position = next < 0 ? line.length + 1 : next + delimiter.length;
  }
  return cells;
}

/**
 * The lines of a text stream, without the line ends: a fast pass for a scan that needs one column
 * (a line inside a quoted multi-line field is read as its own line, which a scan of numbers ignores).
 */
export async function* textLines(
  source: Readable,
  maxLineChars = CSV_MAX_LINE_BYTES,
): AsyncGenerator<string> {
  let rest = '';
  let lineNumber = 0;
  try {
    for await (const chunk of source.setEncoding('utf8')) {
      const lines = (rest + (chunk as string)).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) {
        lineNumber += 1;
        if (line.length > maxLineChars) throw lineTooLong(lineNumber, maxLineChars);
        yield line.endsWith('\r') ? line.slice(0, -1) : line;
      }
      if (rest.length > maxLineChars) throw lineTooLong(lineNumber + 1, maxLineChars);
    }
    if (rest !== '') yield rest;
  } finally {
    source.destroy();
  }
}

/** A cell of exceljs as a plain value: rich text as its text, a formula as its result. */
function plainCell(value: XlsxCell['value'] | undefined): Cell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (value instanceof Date) return value;
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((run) => run.text).join('');
    if ('result' in value) return plainCell(value.result as XlsxCell['value']);
    if ('text' in value) return String(value.text);
    if ('error' in value) return null;
  }
  return String(value);
}

/** A workbook's row: its filled cells only, in column order, found by position without a walk. */
class WorkbookRow implements SheetRow {
  /** Positions from 0, ascending. */
  private readonly positions: number[];
  private readonly values: Cell[];

  constructor(
    readonly rowNumber: number,
    cells: readonly XlsxCell[],
  ) {
    this.positions = cells.map((cell) => cell.column - 1);
    this.values = cells.map((cell) => plainCell(cell.value));
  }

  get isBlank(): boolean {
    return this.values.every((cell) => cell === null || cell === '');
  }

  /** Built to the last filled column: only the few rows searched for the header are. */
  allCells(): Cell[] {
    const cells: Cell[] = Array.from({ length: (this.positions.at(-1) ?? -1) + 1 }, () => null);
    this.positions.forEach((position, at) => {
      cells[position] = this.values[at] ?? null;
    });
    return cells;
  }

  cellsAt(indexes: readonly number[]): Cell[] {
    return indexes.map((index) => this.valueAt(index));
  }

  isBlankAt(indexes: ReadonlySet<number>): boolean {
    return this.positions.every((position, at) => !indexes.has(position) || isEmptyCell(this.values[at]));
  }

  private valueAt(index: number): Cell {
    let low = 0;
    let high = this.positions.length - 1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      const position = this.positions[middle] as number;
      if (position === index) return this.values[middle] ?? null;
      if (position < index) low = middle + 1;
      else high = middle - 1;
    }
    return null;
  }
}

/** The non-empty rows of the first worksheet of an XLSX file, streamed within `limits`. */
export async function* xlsxRows(source: ByteSource, limits: XlsxLimits): AsyncGenerator<SheetRow> {
  for await (const { rowNumber, cells } of boundedXlsxRows(source, limits)) {
    const row = new WorkbookRow(rowNumber, cells);
    if (!row.isBlank) yield row;
  }
}

import { type Readable, Transform } from 'node:stream';
import { parse } from 'csv-parse';
import ExcelJS from 'exceljs';
import type { Cell } from './upload-values.ts';

export type StockFileFormat = 'csv' | 'xlsx';

/** One row of the sheet, numbered as a spreadsheet numbers it (the first line is row 1). */
export interface SheetRow {
  rowNumber: number;
  cells: Cell[];
}

/** The CSV separator a file uses, judged on its first line: comma, semicolon or tab. */
export function detectDelimiter(sample: string): string {
  const firstLine = sample.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? '';
  const counts = [',', ';', '\t'].map((delimiter) => [delimiter, firstLine.split(delimiter).length] as const);
  counts.sort((a, b) => b[1] - a[1]);
  return counts[0]?.[1] && counts[0][1] > 1 ? counts[0][0] : ',';
}

/**
 * The parser turns a whole chunk into records at once, and they wait to be read: with the file's 64 KB
 * chunks, hundreds of them live long enough to reach V8's old space and stay there as garbage until a
 * full collection. Small chunks keep them young.
 */
const CSV_CHUNK_BYTES = 8 * 1024;

function smallChunks(size: number): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      for (let start = 0; start < chunk.length; start += size) this.push(chunk.subarray(start, start + size));
      callback();
    },
  });
}

/**
 * The rows of a CSV file, streamed: the parser holds one record at a time. A row's number is its
 * record's position (quoted fields spanning lines are rare in stock files); blank lines count, as a
 * spreadsheet shows them, and the job skips them.
 */
export async function* csvRows(source: Readable, delimiter: string): AsyncGenerator<SheetRow> {
  const parser = source
    .pipe(smallChunks(CSV_CHUNK_BYTES))
    .pipe(parse({ bom: true, delimiter, relax_column_count: true, relax_quotes: true }));
  let rowNumber = 0;
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      rowNumber += 1;
      yield { rowNumber, cells: record };
    }
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
export async function* textLines(source: Readable): AsyncGenerator<string> {
  let rest = '';
  try {
    for await (const chunk of source.setEncoding('utf8')) {
      const lines = (rest + (chunk as string)).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) yield line.endsWith('\r') ? line.slice(0, -1) : line;
    }
    if (rest !== '') yield rest;
  } finally {
    source.destroy();
  }
}

type ExcelValue = ExcelJS.CellValue | undefined;

/** A cell of exceljs as a plain value: rich text as its text, a formula as its result. */
function plainCell(value: ExcelValue): Cell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (value instanceof Date) return value;
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((run) => run.text).join('');
    if ('result' in value) return plainCell(value.result as ExcelValue);
    if ('text' in value) return String(value.text);
    if ('error' in value) return null;
  }
  return String(value);
}

/**
 * The rows of the first worksheet of an XLSX file, streamed with exceljs's WorkbookReader (shared
 * strings are cached, rows are not kept). Dates come back as dates, since styles are read.
 */
export async function* xlsxRows(source: Readable): AsyncGenerator<SheetRow> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookReader(source, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  try {
    for await (const worksheet of workbook) {
      for await (const row of worksheet) {
        const values = row.values as ExcelValue[];
        const cells: Cell[] = [];
        // exceljs numbers columns from 1; index 0 of `values` is empty.
        for (let index = 1; index < values.length; index += 1) cells.push(plainCell(values[index]));
        if (cells.some((cell) => cell !== null && cell !== '')) yield { rowNumber: row.number, cells };
      }
      return;
    }
  } finally {
    source.destroy();
  }
}

export function sheetRows(
  format: StockFileFormat,
  source: Readable,
  delimiter = ',',
): AsyncGenerator<SheetRow> {
  return format === 'csv' ? csvRows(source, delimiter) : xlsxRows(source);
}

import { PassThrough, type Writable } from 'node:stream';
import {
  type DisplayZone,
  type FieldSpec,
  fieldText,
  RESOURCE_BY_NAME,
  type ResourceRecord,
  type ResourceSpec,
  referenceDetailColumns,
  referenceTitleKey,
} from '@facet/contract';
import { stringify } from 'csv-stringify';
import ExcelJS from 'exceljs';
import { checkedColumns } from './columns.ts';

export type ExportFormat = 'xlsx' | 'csv';
/** A list export's formats: the sheets, and a printable PDF (export-pdf.ts). */
export type ListExportFormat = ExportFormat | 'pdf';

export const CONTENT_TYPES: Record<ListExportFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
  pdf: 'application/pdf',
};

/**
 * `stock-20260517.xlsx`, `news-and-events-20260517.csv`: the list as the sidebar names it and the day
 * of the export (UTC).
 */
export function fileNameOf(resource: ResourceSpec, format: ListExportFormat, now = new Date()): string {
  const listed = resource.views.find((view) => view.menu)?.title ?? resource.title;
  const slug =
    listed
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || resource.name;
  return `${slug}-${now.toISOString().slice(0, 10).replaceAll('-', '')}.${format}`;
}

const NOT_LISTED_BY_DEFAULT = new Set<FieldSpec['kind']>(['textList', 'json']);

/**
 * The asked columns (fields, or details of the rows references point at), or the list columns, each
 * reference followed by its details.
 */
export function exportColumns(resource: ResourceSpec, asked: readonly string[] | undefined): string[] {
  if (asked?.length) return checkedColumns(resource, asked, { stamps: false });
  const details = referenceDetailColumns(resource, RESOURCE_BY_NAME);
  return Object.entries(resource.fields)
    .filter(([, spec]) => spec.list ?? !NOT_LISTED_BY_DEFAULT.has(spec.kind))
    .flatMap(([key]) => [
      key,
      ...details.filter((detail) => detail.field === key).map((detail) => detail.key),
    ]);
}

/** A column of the file: its header, the field it shows (how to write it), and its value in a record. */
export interface ExportColumn {
  label: string;
  spec?: FieldSpec;
  value(record: ResourceRecord): unknown;
}

/** The header and cell of each column key exportColumns answered. */
export function exportColumnsOf(resource: ResourceSpec, keys: readonly string[]): ExportColumn[] {
  const details = new Map(
    referenceDetailColumns(resource, RESOURCE_BY_NAME).map((detail) => [detail.key, detail]),
  );
  return keys.map((key) => {
    const spec = resource.fields[key];
    if (spec) return { label: spec.label, spec, value: (record) => recordValue(key, spec, record) };
    const detail = details.get(key);
    if (!detail) return { label: key, value: () => null };
    // A detail that is a reference already answers its title.
    const shown: FieldSpec =
      detail.spec.kind === 'reference' ? { ...detail.spec, kind: 'text' } : detail.spec;
    return { label: detail.label, spec: shown, value: (record) => recordValue(key, shown, record) };
  });
}

export type Cell = string | number | null;

/** A field's value in a record; a reference brings its title. */
function recordValue(key: string, spec: FieldSpec, record: ResourceRecord): unknown {
  return spec.kind === 'reference' ? (record[referenceTitleKey(key)] ?? null) : record[key];
}

/** Where the reader is: the export request's time zone, UTC when it names none. */
export const zoneOf = (timeZone: string | undefined): DisplayZone => ({ timeZone: timeZone ?? 'UTC' });

/**
 * What a person reads in a CSV or PDF cell: the panel's own text of the field (fieldText: money with its
 * currency, dates spelled out in the reader's zone, one dash when empty). A column without a field (a
 * report's plain columns) is written as it is.
 */
export function textOf(spec: FieldSpec | undefined, value: unknown, zone: DisplayZone): Cell {
  if (spec) return fieldText(spec, value, zone);
  return value === undefined ? null : (value as Cell);
}

/**
 * Excel number formats by what a number is, so that a sheet's numbers stay numbers (summed, sorted)
 * and read as on the screen. A percentage is stored as written (-32.5 for -32.50%).
 */
function numberFormatOf(spec: FieldSpec): string {
  if (spec.kind === 'integer') return '#,##0';
  const places = spec.scale ?? 2;
  const decimals = places > 0 ? `.${'0'.repeat(places)}` : '';
  switch (spec.display) {
    case 'money':
      return `"USD "#,##0${decimals}`;
    case 'percent':
      return `0${decimals}"%"`;
    case 'carat':
      return '#,##0.00#';
    default:
      return `#,##0${decimals}`;
  }
}

const SHEET_DATE = 'dd mmm yyyy';
const SHEET_DATE_TIME = 'dd mmm yyyy hh:mm';

/**
 * A date or a moment as a spreadsheet date: a sheet has no time zones, so a moment is written as the
 * reader's wall-clock time (what the screen shows in their zone). Null when the value is no date.
 */
function sheetDateOf(kind: 'date' | 'datetime', value: unknown, zone: DisplayZone): Date | null {
  const text = String(value);
  if (kind === 'date') {
    const day = /^(\d{4})-(\d{2})-(\d{2})/.exec(text);
    return day ? new Date(Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3]))) : null;
  }
  const instant = new Date(text);
  if (Number.isNaN(instant.getTime())) return null;
  const parts: Record<string, number> = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: zone.timeZone ?? 'UTC',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(instant)
      .map((part) => [part.type, Number(part.value)]),
  );
  const part = (type: string) => parts[type] ?? 0;
  return new Date(Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute')));
}

/**
 * An XLSX cell: a number or a date with its format (so a sheet sums, sorts and filters them), else the
 * text a CSV has.
 */
function sheetCellOf(spec: FieldSpec | undefined, value: unknown, zone: DisplayZone) {
  if (spec && value !== null && value !== undefined && value !== '') {
    if (spec.kind === 'integer' || spec.kind === 'decimal') {
      const number = typeof value === 'number' ? value : Number(value);
      if (Number.isFinite(number)) return { value: number, numFmt: numberFormatOf(spec) };
    }
    if (spec.kind === 'date' || spec.kind === 'datetime') {
      const date = sheetDateOf(spec.kind, value, zone);
      if (date) return { value: date, numFmt: spec.kind === 'date' ? SHEET_DATE : SHEET_DATE_TIME };
    }
  }
  return { value: textOf(spec, value, zone), numFmt: undefined };
}

/** A formatted negative number (`-32.50%`, `-1,250.00`) is no formula, so it keeps its sign in a CSV. */
const FORMATTED_NUMBER = /^-[\d,]*\.?\d+%?$/;

/** A spreadsheet would run `=...` as a formula; a leading quote keeps CSV cells plain text. */
export function csvSafe(cell: Cell): Cell {
  return typeof cell === 'string' && /^[=+\-@\t\r]/.test(cell) && !FORMATTED_NUMBER.test(cell)
    ? `'${cell}`
    : cell;
}

export interface SheetWriter {
  /** The stream to send as the response body. */
  body: NodeJS.ReadableStream;
  /** Rows of values, one per column, as the columns' fields hold them. */
  write(rows: unknown[][]): Promise<void>;
  end(): Promise<void>;
  abort(error: Error): void;
}

/** Waits while the client reads slower than the database answers; a client gone away ends the export. */
export async function drained(stream: Writable): Promise<void> {
  if (stream.destroyed) throw new Error('the client went away');
  if (!stream.writableNeedDrain) return;
  await new Promise<void>((resolve, reject) => {
    const onDrain = () => {
      stream.off('close', onClose);
      resolve();
    };
    const onClose = () => {
      stream.off('drain', onDrain);
      reject(new Error('the client went away'));
    };
    stream.once('drain', onDrain);
    stream.once('close', onClose);
  });
}

/** How a sheet writes its columns: the field of each (none for a plain column), and the reader's zone. */
export interface SheetOptions {
  specs?: readonly (FieldSpec | undefined)[];
  zone?: DisplayZone;
}

/**
 * A CSV or XLSX file, streamed: a header row, then the rows as they are written. A CSV holds the text
 * the panel shows; an XLSX keeps numbers as numbers, formatted alike, and everything else as that text.
 */
export function openSheet(
  format: ExportFormat,
  title: string,
  header: string[],
  { specs = [], zone = zoneOf(undefined) }: SheetOptions = {},
): SheetWriter {
  if (format === 'csv') {
    const csv = stringify({ bom: true });
    csv.write(header);
    return {
      body: csv,
      async write(rows) {
        for (const row of rows)
          csv.write(row.map((value, index) => csvSafe(textOf(specs[index], value, zone))));
        await drained(csv);
      },
      async end() {
        csv.end();
      },
      abort: (error) => csv.destroy(error),
    };
  }
  const output = new PassThrough();
  // No shared strings: each row is written out as it is committed. Styles hold the few number formats.
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: output,
    useSharedStrings: false,
    useStyles: true,
  });
  const sheet = workbook.addWorksheet(title.slice(0, 31));
  sheet.addRow(header).commit();
  return {
    body: output,
    async write(rows) {
      for (const values of rows) {
        const cells = values.map((value, index) => sheetCellOf(specs[index], value, zone));
        const row = sheet.addRow(cells.map((cell) => cell.value));
        cells.forEach((cell, index) => {
          if (cell.numFmt) row.getCell(index + 1).numFmt = cell.numFmt;
        });
        row.commit();
      }
      await drained(output);
    },
    async end() {
      sheet.commit();
      await workbook.commit();
    },
    abort: (error) => output.destroy(error),
  };
}

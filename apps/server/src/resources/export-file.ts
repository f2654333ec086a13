import { PassThrough, type Writable } from 'node:stream';
import {
  type FieldSpec,
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

/** `country-20260517.xlsx`: the resource and the day of the export (UTC). */
export function fileNameOf(resource: ResourceSpec, format: ListExportFormat, now = new Date()): string {
  return `${resource.name}-${now.toISOString().slice(0, 10).replaceAll('-', '')}.${format}`;
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

/** A column of the file: its header, the field it shows (how to print it), and how a record fills it. */
export interface ExportColumn {
  label: string;
  spec?: FieldSpec;
  cell(record: ResourceRecord): Cell;
}

/** The header and cell of each column key exportColumns answered. */
export function exportColumnsOf(resource: ResourceSpec, keys: readonly string[]): ExportColumn[] {
  const details = new Map(
    referenceDetailColumns(resource, RESOURCE_BY_NAME).map((detail) => [detail.key, detail]),
  );
  return keys.map((key) => {
    const spec = resource.fields[key];
    if (spec) return { label: spec.label, spec, cell: (record) => cellOf(key, spec, record) };
    const detail = details.get(key);
    if (!detail) return { label: key, cell: () => null };
    // A detail that is a reference already answers its title.
    const shown: FieldSpec =
      detail.spec.kind === 'reference' ? { ...detail.spec, kind: 'text' } : detail.spec;
    return { label: detail.label, spec: shown, cell: (record) => cellOf(key, shown, record) };
  });
}

export type Cell = string | number | null;

/** What a person reads in the file: titles for references, labels for options, Yes/No for flags. */
export function cellOf(key: string, spec: FieldSpec, record: ResourceRecord): Cell {
  const value = record[key];
  if (spec.kind === 'reference') return (record[referenceTitleKey(key)] as string | null) ?? null;
  if (value === null || value === undefined) return null;
  switch (spec.kind) {
    case 'boolean':
      return value ? 'Yes' : 'No';
    case 'enum':
      return spec.options?.find((option) => option.value === value)?.label ?? String(value);
    case 'textList':
      return (value as string[]).join(', ');
    case 'json':
      return JSON.stringify(value);
    case 'integer':
    case 'decimal':
      return value as number;
    default:
      return String(value);
  }
}

/** A spreadsheet would run `=...` as a formula; a leading quote keeps CSV cells plain text. */
export function csvSafe(cell: Cell): Cell {
  return typeof cell === 'string' && /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
}

export interface SheetWriter {
  /** The stream to send as the response body. */
  body: NodeJS.ReadableStream;
  write(rows: Cell[][]): Promise<void>;
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

export function openSheet(format: ExportFormat, title: string, header: string[]): SheetWriter {
  if (format === 'csv') {
    const csv = stringify({ bom: true });
    csv.write(header);
    return {
      body: csv,
      async write(rows) {
        for (const row of rows) csv.write(row.map(csvSafe));
        await drained(csv);
      },
      async end() {
        csv.end();
      },
      abort: (error) => csv.destroy(error),
    };
  }
  const output = new PassThrough();
  // No shared strings and no styles: each row is written out as it is committed.
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: output,
    useSharedStrings: false,
    useStyles: false,
  });
  const sheet = workbook.addWorksheet(title.slice(0, 31));
  sheet.addRow(header).commit();
  return {
    body: output,
    async write(rows) {
      for (const row of rows) sheet.addRow(row).commit();
      await drained(output);
    },
    async end() {
      sheet.commit();
      await workbook.commit();
    },
    abort: (error) => output.destroy(error),
  };
}

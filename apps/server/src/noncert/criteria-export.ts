import {
  CRITERIA_FIELDS,
  type CriteriaData,
  type CriteriaRow,
  EMPTY_VALUE,
  type FieldSpec,
  fieldText,
  gradeRange,
} from '@facet/contract';
import { stringify } from 'csv-stringify/sync';
import ExcelJS from 'exceljs';
import { csvSafe, type ExportFormat } from '../resources/export-file.ts';

type Cell = string | number | null;

interface Column {
  label: string;
  value(row: CriteriaRow): Cell;
  /** The figure of the totals row, if any. */
  total?(data: CriteriaData): Cell;
  /** Excel number format. */
  format?: string;
  /** The field whose text a CSV writes, as the screen shows it (money with its currency, carats). */
  spec?: FieldSpec;
  width: number;
}

const CARATS = '#,##0.00#';
const MONEY = '"USD "#,##0.00';
const F = CRITERIA_FIELDS;

/** The sheet's columns: a row's grades read as ranges (`D-F`), as a trader writes them. */
const COLUMNS: readonly Column[] = [
  { label: '#', value: (row) => row.lineNumber, width: 5 },
  { label: F.shapeId.label, value: (row) => row.shapeTitle, width: 14 },
  { label: F.sizeId.label, value: (row) => row.sizeTitle, width: 12 },
  { label: F.caratFrom.label, value: (row) => row.caratFrom, format: CARATS, spec: F.caratFrom, width: 11 },
  { label: F.caratTo.label, value: (row) => row.caratTo, format: CARATS, spec: F.caratTo, width: 11 },
  { label: 'Color', value: (row) => gradeRange(row.colorFromTitle, row.colorToTitle) || null, width: 10 },
  {
    label: 'Clarity',
    value: (row) => gradeRange(row.clarityFromTitle, row.clarityToTitle) || null,
    width: 12,
  },
  {
    label: F.pieces.label,
    value: (row) => row.pieces,
    total: (data) => data.totals.pieces,
    spec: F.pieces,
    width: 9,
  },
  {
    label: F.carats.label,
    value: (row) => row.carats,
    total: (data) => data.totals.carats,
    format: CARATS,
    spec: F.carats,
    width: 11,
  },
  {
    label: F.pricePerCarat.label,
    value: (row) => row.pricePerCarat,
    total: (data) => data.totals.averagePricePerCarat,
    format: MONEY,
    spec: F.pricePerCarat,
    width: 13,
  },
  {
    label: F.amount.label,
    value: (row) => row.amount,
    total: (data) => data.totals.amount,
    format: MONEY,
    spec: F.amount,
    width: 16,
  },
  { label: F.remarks.label, value: (row) => row.remarks, width: 30 },
];

const TOTAL_LABEL = 'Total';

function rowsOf(data: CriteriaData): Cell[][] {
  return [
    COLUMNS.map((column) => column.label),
    ...data.criteria.map((row) => COLUMNS.map((column) => column.value(row))),
    COLUMNS.map((column, index) => (index === 0 ? TOTAL_LABEL : (column.total?.(data) ?? null))),
  ];
}

/** Excel forbids these in a sheet name, and allows 31 characters. */
function sheetName(number: string): string {
  return number.replace(/[[\]:*?/\\]/g, '-').slice(0, 31) || 'Criteria';
}

/** A lot's criteria in one sheet named after the lot: a header, a row per band, a totals row. */
export async function criteriaWorkbook(data: CriteriaData): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.title = `Criteria of ${data.nonCert.number}`;
  const sheet = workbook.addWorksheet(sheetName(data.nonCert.number), {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  sheet.columns = COLUMNS.map((column) => ({
    key: column.label,
    width: column.width,
    ...(column.format ? { style: { numFmt: column.format } } : {}),
  }));
  for (const row of rowsOf(data)) sheet.addRow(row);
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(sheet.rowCount).font = { bold: true };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** A figure or grade as the screen writes it; one dash for an empty cell of a band. */
const textOf = (column: Column, value: Cell) =>
  column.spec ? fieldText(column.spec, value) : value === null || value === '' ? EMPTY_VALUE : value;

/**
 * The same table as CSV, written as the screen shows it, with a byte-order mark so that spreadsheets read
 * it as UTF-8. The totals row leaves the columns it does not total blank.
 */
export function criteriaCsv(data: CriteriaData): string {
  const [header, ...rest] = rowsOf(data);
  const bands = rest.slice(0, -1);
  const total = rest[rest.length - 1] ?? [];
  return stringify(
    [
      header ?? [],
      ...bands.map((row) => row.map((value, index) => textOf(COLUMNS[index] as Column, value))),
      total.map((value, index) => (value === null ? '' : textOf(COLUMNS[index] as Column, value))),
    ].map((row) => row.map(csvSafe)),
    { bom: true },
  );
}

/** `criteria-NC-2026-001-20260517.xlsx`: the lot's number (made file-safe) and the day (UTC). */
export function criteriaFileName(number: string, format: ExportFormat, now = new Date()): string {
  const safe = number.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '') || 'lot';
  return `criteria-${safe}-${now.toISOString().slice(0, 10).replaceAll('-', '')}.${format}`;
}

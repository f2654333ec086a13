// The stock upload's modes, states, outcomes, wording and report columns: no schema, and free of zod, apart
// from upload.ts, because the upload screen reads them on its first load (docs/performance.md).

/** `add-update`: rows add new stones and update those with the same stock #. `replace-all` also removes
 * (soft-deletes) every live stone whose stock # is not in the file. */
export const STOCK_UPLOAD_MODES = ['add-update', 'replace-all'] as const;
export type StockUploadMode = (typeof STOCK_UPLOAD_MODES)[number];
export const STOCK_UPLOAD_MODE_LABELS: Record<StockUploadMode, string> = {
  'add-update': 'Add and update',
  'replace-all': 'Replace all',
};

export const STOCK_UPLOAD_EXTENSIONS = ['csv', 'xlsx'] as const;
/** Default of the server's STOCK_UPLOAD_MAX_MB. */
export const STOCK_UPLOAD_DEFAULT_MAX_MB = 200;

/**
 * A job's life: `queued` → `reading` (rows are read, checked and staged) → `applying` (one transaction)
 * → `completed`. `refused`: rows were rejected and the good rows were not to be kept, so nothing was
 * applied. `failed`: the file could not be read, or the server stopped; nothing was applied.
 */
export const STOCK_UPLOAD_STATES = [
  'queued',
  'reading',
  'applying',
  'completed',
  'refused',
  'failed',
] as const;
export type StockUploadState = (typeof STOCK_UPLOAD_STATES)[number];
export const FINISHED_STOCK_UPLOAD_STATES: readonly StockUploadState[] = ['completed', 'refused', 'failed'];
export const STOCK_UPLOAD_STATE_LABELS: Record<StockUploadState, string> = {
  queued: 'Queued',
  reading: 'Reading',
  applying: 'Applying',
  completed: 'Completed',
  refused: 'Nothing applied',
  failed: 'Failed',
};

export function isStockUploadFinished(state: StockUploadState): boolean {
  return FINISHED_STOCK_UPLOAD_STATES.includes(state);
}

/**
 * A row's outcome: `accepted` added a stone, `updated` changed the stone with its stock #; `merged`
 * is a duplicate (same stock #, or same lab and certificate #) folded into a later row of the file;
 * `rejected` was refused, with the reasons; `skipped` was good but not applied, because the upload was
 * refused or failed (a failed job's rows are all reported so, whatever they were staged as). Accepted
 * and updated rows may carry notes (a value left empty).
 */
export const STOCK_UPLOAD_OUTCOMES = ['accepted', 'updated', 'merged', 'rejected', 'skipped'] as const;
export type StockUploadOutcome = (typeof STOCK_UPLOAD_OUTCOMES)[number];
export const STOCK_UPLOAD_OUTCOME_LABELS: Record<StockUploadOutcome, string> = {
  accepted: 'Accepted',
  updated: 'Updated',
  merged: 'Merged',
  rejected: 'Rejected',
  skipped: 'Not applied',
};

const count = (value: number) => value.toLocaleString('en');

export const STOCK_UPLOAD_MESSAGES = {
  received: 'Upload received: the file is being processed.',
  missingFile: 'Choose a CSV or XLSX stock file to upload.',
  wrongType: 'The stock file must be a CSV or an Excel XLSX file (.csv, .xlsx).',
  notAWorkbook:
    'This file is not a readable Excel workbook: it may be damaged, or another kind of file renamed .xlsx. Open it in Excel, save it as .xlsx or CSV, and upload it again.',
  notText:
    'This file is not a text CSV file. Save the sheet as CSV (comma-separated values) or XLSX and upload it again.',
  emptyFile: 'The file is empty.',
  tooLarge: (maxMb: number) => `The file is larger than ${maxMb} MB.`,
  unknownMode: 'Choose how to upload: add and update, or replace all.',
  badOptions: 'Send the file with the mode and keepGoodRows fields only.',
  notFound: 'This upload was not found.',
  noHeader:
    'No Stock # column was found. The first row must hold the column headers, such as Stock #, Shape, Weight, Color, Clarity.',
  noCaratColumn: 'No Weight (carat) column was found: every stone needs its weight.',
  noRows: 'The file has column headers but no stock rows.',
  unreadable: (detail: string) => `The file could not be read: ${detail}`,
  refused: (rejected: number) =>
    `Nothing was applied: ${rejected} ${rejected === 1 ? 'row was' : 'rows were'} rejected. Fix ${
      rejected === 1 ? 'it' : 'them'
    } and upload again, or upload again keeping the good rows.`,
  completed: (applied: number, rejected: number) =>
    `${applied} ${applied === 1 ? 'stone' : 'stones'} added or updated${
      rejected > 0 ? `; ${rejected} rejected ${rejected === 1 ? 'row was' : 'rows were'} left out` : ''
    }.`,
  interrupted:
    'The server processing this upload stopped before it finished; nothing was applied. Upload the file again.',
  stockChanged:
    'The stock changed while this upload was applied; nothing was applied. Upload the file again.',
  serverError:
    'The upload stopped because of an error on the server; nothing was applied. Upload the file again, or tell your administrator.',

  // Reasons on a row of the report.
  missing: (label: string) => `${label} is missing.`,
  notANumber: (label: string, value: string) => `${label} "${value}" is not a number.`,
  unknownValue: (label: string, value: string) => `${label} "${value}" is not a known value.`,
  leftEmpty: (label: string, value: string) => `${label} "${value}" was not understood and was left empty.`,
  badMeasurements: (value: string) =>
    `Measurements "${value}" must read length x width x depth, e.g. 4.42x4.44x2.58; left empty.`,
  badAvailability: (value: string) =>
    `Availability "${value}" is not G, M, STPS, NA or a stock status (A, M, H, O, S, B, U, D).`,
  mergedInto: (rowNumber: number, why: 'stock' | 'certificate') =>
    `Merged into row ${rowNumber} (${why === 'stock' ? 'same stock #' : 'same lab and certificate #'}).`,
  skipped: 'Not applied: the upload was refused because of rejected rows.',
  notApplied: 'Not applied: the upload failed, so no stone was changed.',

  // An XLSX past the bounds of what is read (see the server's spreadsheets/xlsx-limits.ts).
  unpackedTooLarge: (maxMb: number) =>
    `The spreadsheet is too large once unpacked: at most ${count(maxMb)} MB of sheet data is read. Save it as CSV, or split it, and upload it again.`,
  partTooCompressed: (maxRatio: number) =>
    `The spreadsheet is too large once unpacked: a part of it grows more than ${count(maxRatio)} times. Save it again, or as CSV, and upload it again.`,
  tooManyCells: (maxRows: number, maxColumns: number) =>
    `The spreadsheet is too large: at most ${count(maxRows)} rows and ${count(maxColumns)} columns are read. Save it as CSV, or split it, and upload it again.`,
  tooManyTexts: (maxTexts: number) =>
    `The spreadsheet holds too much text: at most ${count(maxTexts)} different texts are read. Save it as CSV, or split it, and upload it again.`,
  damagedWorkbook:
    'The spreadsheet is damaged: a part of it unpacks to more than it declares. Save it again and upload it again.',
  rowOutOfOrder: (rowNumber: number) =>
    `The spreadsheet is damaged: row ${count(rowNumber)} is listed twice or out of order. Open it in Excel, save it again and upload it again.`,

  // A CSV line past what a stock row can take (see the server's stock/upload-reader.ts).
  lineTooLong: (line: number, maxKb: number) =>
    `Line ${count(line)} of the file is longer than ${count(maxKb)} KB, far more than a stock row takes: check that the file is a stock sheet saved as CSV, and upload it again.`,
} as const;

/** Columns of the downloadable report. */
export const STOCK_UPLOAD_REPORT_HEADERS = ['Row', 'Stock #', 'Outcome', 'Reasons'] as const;

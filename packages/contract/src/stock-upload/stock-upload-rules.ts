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
 * What an upload does with a stock # found in more than one row of its file (or rows sharing a lab and
 * certificate #): keep the last row, keep the first, or skip them all. An upload sent without a choice
 * applies none of them and reports them, so that the person uploading chooses; rows are never merged.
 */
export const STOCK_UPLOAD_DUPLICATE_POLICIES = ['keep-last', 'keep-first', 'skip'] as const;
export type StockUploadDuplicatePolicy = (typeof STOCK_UPLOAD_DUPLICATE_POLICIES)[number];
/**
 * A job lists this many duplicated stock numbers at most: a file holding two exports one after the other
 * would otherwise weigh every poll of the job. Its report's `duplicate` rows hold them all.
 */
export const STOCK_UPLOAD_DUPLICATES_LISTED = 1000;
/**
 * A group's rows are named up to this many, in its reasons and on the job: a file repeating one stock #
 * thousands of times would otherwise write every row number into every row's reason.
 */
export const STOCK_UPLOAD_DUPLICATE_ROWS_LISTED = 20;

/** `2, 3, 4` or, for a longer group, its first rows and how many more. */
export function duplicateRowsText(rowNumbers: readonly number[], total = rowNumbers.length): string {
  const named = rowNumbers.slice(0, STOCK_UPLOAD_DUPLICATE_ROWS_LISTED);
  const more = total - named.length;
  return more > 0 ? `${named.join(', ')} and ${count(more)} more` : named.join(', ');
}
export const STOCK_UPLOAD_DUPLICATE_POLICY_LABELS: Record<StockUploadDuplicatePolicy, string> = {
  'keep-last': 'Keep the last row',
  'keep-first': 'Keep the first row',
  skip: 'Skip these stock numbers',
};

/**
 * A row's outcome: `accepted` added a stone, `updated` changed the stone with its stock #; `duplicate`
 * is a row of a stock # (or lab and certificate #) found more than once in the file and left out, by the
 * upload's duplicate policy or for want of one; `merged` is a duplicate that uploads before duplicate
 * policies folded into a later row (their reports keep it);
 * `rejected` was refused, with the reasons; `skipped` was good but not applied, because the upload was
 * refused or failed (a failed job's rows are all reported so, whatever they were staged as). Accepted
 * and updated rows may carry notes (a value left empty).
 */
export const STOCK_UPLOAD_OUTCOMES = [
  'accepted',
  'updated',
  'duplicate',
  'merged',
  'rejected',
  'skipped',
] as const;
export type StockUploadOutcome = (typeof STOCK_UPLOAD_OUTCOMES)[number];
export const STOCK_UPLOAD_OUTCOME_LABELS: Record<StockUploadOutcome, string> = {
  accepted: 'Accepted',
  updated: 'Updated',
  duplicate: 'Duplicate',
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
  badOptions: 'Send the file with the mode, keepGoodRows and duplicatePolicy fields only.',
  repeatedOption: 'Send each option once.',
  valueDeleted:
    'A shape, colour or other master value of this row was deleted while the file was being read.',
  unknownDuplicatePolicy:
    'Choose what to do with a stock # found in more than one row: keep-last, keep-first or skip.',
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
  refusedDuplicates: (stockNumbers: number) =>
    `Nothing was applied: ${stockNumbers} ${stockNumbers === 1 ? 'stock # is' : 'stock numbers are'} in more than one row. Choose which row to keep (the last, the first, or none) and upload again.`,
  completed: (applied: number, rejected: number) =>
    `${applied} ${applied === 1 ? 'stone' : 'stones'} added or updated${
      rejected > 0 ? `; ${rejected} rejected ${rejected === 1 ? 'row was' : 'rows were'} left out` : ''
    }.`,
  removedAbsent: (removed: number) =>
    ` ${removed} ${removed === 1 ? 'stone' : 'stones'} not in the file ${removed === 1 ? 'was' : 'were'} removed.`,
  keptInUse: (kept: number) =>
    ` ${kept} ${kept === 1 ? 'stone' : 'stones'} not in the file ${kept === 1 ? 'was' : 'were'} kept: ${
      kept === 1 ? 'it is' : 'they are'
    } in use (featured, commented on); remove ${kept === 1 ? 'it' : 'them'} from Stock when free.`,
  duplicatesLeftOut: (stockNumbers: number) =>
    ` ${stockNumbers} ${stockNumbers === 1 ? 'stock # is' : 'stock numbers are'} in more than one row and ${
      stockNumbers === 1 ? 'was' : 'were'
    } left out: choose which row to keep and upload again.`,
  interrupted:
    'The server processing this upload stopped before it finished; nothing was applied. Upload the file again.',
  stockChanged:
    'The stock changed while this upload was applied; nothing was applied. Upload the file again.',
  serverError:
    'The upload stopped because of an error on the server; nothing was applied. Upload the file again, or tell your administrator.',

  // Reasons on a row of the report.
  missing: (label: string) => `${label} is missing.`,
  notANumber: (label: string, value: string) => `${label} "${value}" is not a number.`,
  unknownValue: (label: string, value: string) =>
    `${label} "${value}" is not a known value. If it is another name for one of the ${label} values, add it to that value's Aliases (Masters > Sub Master) and upload again.`,
  leftEmpty: (label: string, value: string) => `${label} "${value}" was not understood and was left empty.`,
  badMeasurements: (value: string) =>
    `Measurements "${value}" must read length x width x depth, e.g. 4.42x4.44x2.58; left empty.`,
  badAvailability: (value: string) =>
    `Availability "${value}" is not G, M, STPS, NA or a stock status (A, M, H, O, S, B, U, D).`,
  duplicateUnchosen: (rowNumbers: readonly number[]) =>
    `Not applied: the same stock # (or lab and certificate #) is in rows ${duplicateRowsText(rowNumbers)}; choose which row to keep and upload again.`,
  duplicateLeftOut: (keptRow: number) =>
    `Not applied: row ${keptRow} has the same stock # (or lab and certificate #) and was kept.`,
  duplicateSkipped: (rowNumbers: readonly number[]) =>
    `Not applied: the same stock # (or lab and certificate #) is in rows ${duplicateRowsText(rowNumbers)}, and these were skipped.`,
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

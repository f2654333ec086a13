import { mkdirSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import {
  formatDate,
  PARCEL_MESSAGES as M,
  PARCEL_LIMITS,
  type ParcelPriceCellInput,
  type ParcelSheet,
} from '@facet/contract';
import { stringify } from 'csv-stringify';
import ExcelJS from 'exceljs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context.ts';
import { fieldError, HttpError } from '../http/envelope.ts';
import { CONTENT_TYPES } from '../resources/export-file.ts';
import { xlsxLimitsFor } from '../spreadsheets/xlsx-limits.ts';
import { boundedXlsxRows, type XlsxRow } from '../spreadsheets/xlsx-reader.ts';
import { fileByteSource, SpreadsheetLimitError } from '../spreadsheets/zip-parts.ts';
import { drain, multipartFailure, receiveFile } from '../uploads/receive-file.ts';
import { NOT_MULTIPART, uploadTempDir } from '../uploads/upload-routes.ts';
import { activeQualityBands, activeSieveGroups } from './parcel-masters.ts';

/** A price sheet is a few dozen cells: a file past this is not one. */
export const PARCEL_SHEET_MAX_BYTES = 2 * 1024 * 1024;
/**
 * Rows read at most, filled or not. The reader keeps Excel's own row and column bounds, so a lone cell
 * far off is read as the cell it is and named, rather than refusing the file as too large.
 */
export const PARCEL_SHEET_MAX_ROWS = 1000;
const LIMITS = xlsxLimitsFor(PARCEL_SHEET_MAX_BYTES);
const CORNER = 'Sieve group';
/** The currency the panel shows prices in (formatMoney's), named in the file's title. */
const SHEET_CURRENCY = 'USD';

/** The sheet's rows as the file lays them out: a title naming the date, bands across, groups down. */
function sheetRows(sheet: ParcelSheet): (string | number | null)[][] {
  const price = new Map(
    sheet.cells.map((cell) => [`${cell.sieveGroupId}|${cell.qualityBandId}`, cell.pricePerCarat]),
  );
  return [
    [`Parcel prices per carat in ${SHEET_CURRENCY}, ${formatDate(sheet.date)}`],
    [CORNER, ...sheet.qualityBands.map((band) => band.name)],
    ...sheet.sieveGroups.map((group) => [
      group.name,
      ...sheet.qualityBands.map((band) => price.get(`${group.id}|${band.id}`) ?? null),
    ]),
  ];
}

/** A date's sheet as an XLSX or CSV file. */
export async function sendSheetFile(
  reply: FastifyReply,
  sheet: ParcelSheet,
  format: 'xlsx' | 'csv',
): Promise<FastifyReply> {
  const rows = sheetRows(sheet);
  let body: Buffer;
  if (format === 'csv') {
    const csv = stringify(rows, { bom: true });
    const chunks: Buffer[] = [];
    for await (const chunk of csv) chunks.push(Buffer.from(chunk as string));
    body = Buffer.concat(chunks);
  } else {
    const workbook = new ExcelJS.Workbook();
    // The tab names the date as the title does (Excel refuses no character of `28 Nov 2026`).
    const worksheet = workbook.addWorksheet(`Prices ${formatDate(sheet.date)}`);
    for (const row of rows) worksheet.addRow(row);
    worksheet.getRow(1).font = { bold: true };
    worksheet.getRow(2).font = { bold: true };
    worksheet.getColumn(1).width = 14;
    for (let column = 2; column <= sheet.qualityBands.length + 1; column += 1) {
      worksheet.getColumn(column).width = 14;
      worksheet.getColumn(column).numFmt = '#,##0.00';
    }
    body = Buffer.from(await workbook.xlsx.writeBuffer());
  }
  return reply
    .header('content-type', CONTENT_TYPES[format])
    .header(
      'content-disposition',
      `attachment; filename="parcel-prices-${sheet.date.replaceAll('-', '')}.${format}"`,
    )
    .send(body);
}

/** `B4`: a cell as Excel names it. */
export function cellName(column: number, row: number): string {
  let letters = '';
  for (let rest = column; rest > 0; rest = Math.floor((rest - 1) / 26)) {
    letters = String.fromCharCode(65 + ((rest - 1) % 26)) + letters;
  }
  return `${letters}${row}`;
}

const normalise = (text: string) => text.replace(/\s+/g, ' ').trim().toLowerCase();

function textOf(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((part) => part.text).join('');
    if ('result' in value) return textOf(value.result as ExcelJS.CellValue);
    if ('text' in value) return String(value.text);
    return '';
  }
  return String(value);
}

/** A cell's price to the cent, null when empty, 'invalid' when no price, 'tooHigh' past the sheet's highest. */
function priceOf(value: ExcelJS.CellValue): number | null | 'invalid' | 'tooHigh' {
  const raw = typeof value === 'object' && value !== null && 'result' in value ? value.result : value;
  if (raw === null || raw === undefined) return null;
  let number: number;
  if (typeof raw === 'number') number = raw;
  else {
    const text = textOf(raw as ExcelJS.CellValue).replace(/[,\s]/g, '');
    if (text === '') return null;
    if (!/^\d+(\.\d+)?$/.test(text)) return 'invalid';
    number = Number(text);
  }
  if (!Number.isFinite(number) || number < 0) return 'invalid';
  const cents = Math.round(number * 100) / 100;
  return cents > PARCEL_LIMITS.pricePerCarat ? 'tooHigh' : cents;
}

/**
 * The prices of a sheet laid out as the export writes it: the header row (the first whose first cell
 * reads "Sieve group", else the first with two filled cells) names the bands, each row below names its
 * sieve group in column A. Names match whatever their spaces and case; an unknown name, a name twice
 * or a price that is no number is refused by its cell.
 */
export async function pricesOfRows(
  rows: AsyncIterable<XlsxRow>,
  groups: readonly { id: string; name: string }[],
  bands: readonly { id: string; name: string }[],
): Promise<ParcelPriceCellInput[]> {
  const groupByName = new Map(groups.map((group) => [normalise(group.name), group.id]));
  const bandByName = new Map(bands.map((band) => [normalise(band.name), band.id]));
  let header: Map<number, string> | undefined;
  const seenGroups = new Set<string>();
  const cells: ParcelPriceCellInput[] = [];
  let read = 0;
  for await (const row of rows) {
    read += 1;
    if (read > PARCEL_SHEET_MAX_ROWS) throw fieldError('file', M.rangeTooLarge);
    const filled = row.cells.filter((cell) => textOf(cell.value).trim() !== '');
    if (filled.length === 0) continue;
    if (!header) {
      const first = row.cells.find((cell) => cell.column === 1);
      const isHeader = normalise(textOf(first?.value ?? null)) === normalise(CORNER) || filled.length >= 2;
      if (!isHeader) continue;
      header = new Map();
      const seenBands = new Set<string>();
      for (const cell of row.cells) {
        if (cell.column === 1) continue;
        const name = textOf(cell.value).trim();
        if (!name) continue;
        const where = cellName(cell.column, row.rowNumber);
        const id = bandByName.get(normalise(name));
        if (!id) throw fieldError('file', M.unknownColumn(where, name));
        if (seenBands.has(id)) throw fieldError('file', M.repeatedName(where, name));
        seenBands.add(id);
        header.set(cell.column, id);
      }
      if (header.size === 0) throw fieldError('file', M.fileEmpty);
      continue;
    }
    const first = row.cells.find((cell) => cell.column === 1);
    const name = textOf(first?.value ?? null).trim();
    const where = cellName(1, row.rowNumber);
    if (!name) {
      const stray = row.cells.find((cell) => textOf(cell.value).trim() !== '');
      throw fieldError('file', M.outsideGrid(cellName(stray?.column ?? 1, row.rowNumber)));
    }
    const sieveGroupId = groupByName.get(normalise(name));
    if (!sieveGroupId) throw fieldError('file', M.unknownRow(where, name));
    if (seenGroups.has(sieveGroupId)) throw fieldError('file', M.repeatedName(where, name));
    seenGroups.add(sieveGroupId);
    for (const cell of row.cells) {
      if (cell.column === 1) continue;
      const qualityBandId = header.get(cell.column);
      const at = cellName(cell.column, row.rowNumber);
      const price = priceOf(cell.value);
      if (price === null) continue;
      if (!qualityBandId) throw fieldError('file', M.outsideGrid(at));
      if (price === 'invalid') throw fieldError('file', M.badNumber(at));
      if (price === 'tooHigh') throw fieldError('file', M.priceTooHighAt(at));
      cells.push({ sieveGroupId, qualityBandId, pricePerCarat: price });
    }
  }
  if (!header) throw fieldError('file', M.fileEmpty);
  return cells;
}

/** Receives the upload's one file part, reads it within the sheet's bounds, and answers its prices. */
export async function importSheet(ctx: AppContext, request: FastifyRequest): Promise<ParcelPriceCellInput[]> {
  if (!request.isMultipart()) throw new HttpError('E_BAD_REQUEST', NOT_MULTIPART);
  const tempDir = uploadTempDir(ctx.config.dataDir);
  mkdirSync(tempDir, { recursive: true });
  let file: { path: string; size: number } | undefined;
  let tooLarge = false;
  try {
    const parts = request.parts({
      limits: { fileSize: PARCEL_SHEET_MAX_BYTES + 1, files: 1, fields: 2, parts: 3, headerPairs: 50 },
    });
    for await (const part of parts) {
      if (part.type === 'field') continue;
      if (part.fieldname !== 'file' || file || tooLarge) {
        await drain(part.file);
        continue;
      }
      const received = await receiveFile(part.file, part.filename, tempDir, PARCEL_SHEET_MAX_BYTES);
      if (received.tooLarge) tooLarge = true;
      else file = received;
    }
  } catch (error) {
    if (file) await rm(file.path, { force: true });
    throw multipartFailure(error, M.fileMissing);
  }
  if (tooLarge) throw fieldError('file', M.fileTooLarge);
  if (!file) throw fieldError('file', M.fileMissing);
  try {
    if (file.size === 0) throw fieldError('file', M.fileNotXlsx);
    const [groups, bands] = await Promise.all([activeSieveGroups(ctx.db), activeQualityBands(ctx.db)]);
    const source = await fileByteSource(file.path);
    return await pricesOfRows(boundedXlsxRows(source, LIMITS), groups, bands);
  } catch (error) {
    if (error instanceof HttpError) throw error;
    if (error instanceof SpreadsheetLimitError) throw fieldError('file', M.fileTooLarge);
    throw fieldError('file', M.fileNotXlsx);
  } finally {
    await rm(file.path, { force: true });
  }
}

import { open } from 'node:fs/promises';
import { STOCK_UPLOAD_MESSAGES } from '@facet/contract';
import { fileTypeFromFile } from 'file-type';
import { fieldError } from '../http/envelope.ts';
import type { XlsxLimits } from '../spreadsheets/xlsx-limits.ts';
import { fileByteSource, SpreadsheetLimitError, ZipParts } from '../spreadsheets/zip-parts.ts';
import { extensionOf } from '../uploads/file-name.ts';
import type { StockFileFormat } from './upload-reader.ts';

const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** Enough of a CSV file to judge that it is text and to find its separator. */
export const CSV_SAMPLE_BYTES = 64 * 1024;

/** The first bytes of a file, as text (a split multi-byte character at the end does no harm). */
export async function readSample(file: string, bytes = CSV_SAMPLE_BYTES): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** Text has no NUL byte and almost no other control characters (tabs and line ends aside). */
export function looksLikeText(sample: Buffer): boolean {
  if (sample.includes(0)) return false;
  let control = 0;
  for (const byte of sample) {
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d && byte !== 0x0c) control += 1;
  }
  return control <= sample.length / 1000;
}

/**
 * A workbook's zip directory against the limits, before the upload is accepted: a zip bomb is refused
 * in the request, having unpacked nothing. (The job still counts what each part really unpacks to.)
 */
async function checkWorkbookZip(file: string, limits: XlsxLimits): Promise<void> {
  let zip: ZipParts;
  try {
    zip = await ZipParts.open(await fileByteSource(file), limits);
  } catch (error) {
    if (error instanceof SpreadsheetLimitError) throw fieldError('file', error.message);
    // A truncated file, or one that only starts like a zip: its directory cannot be found or read.
    throw fieldError('file', STOCK_UPLOAD_MESSAGES.notAWorkbook);
  }
  zip.close();
}

/**
 * The format of a received stock file, judged by its bytes and never by the client's claim alone: an
 * `.xlsx` must be an Office Open XML workbook within `xlsxLimits` (a text file, another zip or a
 * damaged workbook named .xlsx is refused as such); a `.csv` must be text (a renamed workbook, an image
 * or binary garbage is refused). Any other extension is refused.
 */
export async function checkStockFile(
  file: string,
  name: string,
  xlsxLimits: XlsxLimits,
): Promise<StockFileFormat> {
  const extension = extensionOf(name);
  const sniffed = await fileTypeFromFile(file);
  if (extension === 'xlsx') {
    if (sniffed?.mime !== XLSX_MIME) throw fieldError('file', STOCK_UPLOAD_MESSAGES.notAWorkbook);
    await checkWorkbookZip(file, xlsxLimits);
    return 'xlsx';
  }
  if (extension === 'csv') {
    if (sniffed || !looksLikeText(await readSample(file))) {
      throw fieldError('file', STOCK_UPLOAD_MESSAGES.notText);
    }
    return 'csv';
  }
  throw fieldError('file', STOCK_UPLOAD_MESSAGES.wrongType);
}

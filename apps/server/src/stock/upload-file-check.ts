import { open } from 'node:fs/promises';
import { STOCK_UPLOAD_MESSAGES } from '@facet/contract';
import { fileTypeFromFile } from 'file-type';
import { fieldError } from '../http/envelope.ts';
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
 * The format of a received stock file, judged by its bytes and never by the client's claim alone: an
 * `.xlsx` must be an Office Open XML workbook; a `.csv` must be text (a renamed workbook, an image or
 * binary garbage is refused). Any other extension is refused.
 */
export async function checkStockFile(file: string, name: string): Promise<StockFileFormat> {
  const extension = extensionOf(name);
  const sniffed = await fileTypeFromFile(file);
  if (extension === 'xlsx') {
    if (sniffed?.mime !== XLSX_MIME) throw fieldError('file', STOCK_UPLOAD_MESSAGES.wrongType);
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

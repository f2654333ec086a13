import { constants, deflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { unzipSync, Zip, ZipDeflate, type ZipInputFile } from 'fflate';

/** A part of the workbook whose bytes are given already deflated, with the sizes it declares. */
export interface DeflatedPart {
  /** Raw deflate data. */
  data: Uint8Array<ArrayBuffer>;
  /** What the central directory says the part unpacks to (a lie is allowed). */
  declaredSize: number;
}

/**
 * A deflate stream that unpacks to `head`, then `unit` repeated `times` times, then `tail`, built
 * without ever holding the unpacked bytes: `unit` is deflated once as a self-contained block
 * sequence (a full flush resets the dictionary) and its bytes are repeated.
 */
export function repeatedDeflate(
  head: string,
  unit: string,
  times: number,
  tail: string,
): Uint8Array<ArrayBuffer> {
  const flush = { finishFlush: constants.Z_FULL_FLUSH };
  const perBlock = Math.max(1, Math.floor(1_048_576 / unit.length));
  const unitBlock = deflateRawSync(Buffer.from(unit.repeat(perBlock)), flush);
  const blocks = Math.floor(times / perBlock);
  const rest = times - blocks * perBlock;
  const parts: Buffer[] = [deflateRawSync(Buffer.from(head), flush)];
  for (let index = 0; index < blocks; index += 1) parts.push(unitBlock);
  if (rest > 0) parts.push(deflateRawSync(Buffer.from(unit.repeat(rest)), flush));
  parts.push(deflateRawSync(Buffer.from(tail)));
  return Buffer.concat(parts);
}

/** A stock workbook as exceljs writes it: a header row and one stone. */
export async function stockWorkbookParts(): Promise<Record<string, Uint8Array>> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Stock');
  sheet.addRow(['Stock #', 'Shape', 'Carat', 'Color', 'Clarity', 'Price/Ct']);
  sheet.addRow(['B-1', 'Round', 0.5, 'D', 'IF', 4000]);
  return unzipSync(new Uint8Array(await workbook.xlsx.writeBuffer()));
}

/**
 * A zip of `parts` (deflated normally) and `deflated` (given as is, declaring the size it is told
 * to): the way a zip bomb is written, its central directory honest or not.
 */
export async function zipOf(
  parts: Record<string, Uint8Array>,
  deflated: Record<string, DeflatedPart> = {},
): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  const done = new Promise<void>((resolve, reject) => {
    const zip = new Zip((error, chunk, final) => {
      if (error) reject(error);
      else {
        chunks.push(chunk);
        if (final) resolve();
      }
    });
    for (const [name, bytes] of Object.entries(parts)) {
      if (name in deflated) continue;
      const file = new ZipDeflate(name, { level: 6 });
      zip.add(file);
      file.push(bytes, true);
    }
    for (const [name, part] of Object.entries(deflated)) {
      const file: ZipInputFile = { filename: name, size: part.declaredSize, crc: 0, compression: 8 };
      zip.add(file);
      file.ondata?.(null, part.data, true);
    }
    zip.end();
  });
  await done;
  return Buffer.concat(chunks);
}

export const SHEET_HEAD =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>';
export const SHEET_TAIL = '</sheetData></worksheet>';
export const SHARED_STRINGS_HEAD =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">';
export const SHARED_STRINGS_TAIL = '</sst>';

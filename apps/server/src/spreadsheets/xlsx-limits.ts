/**
 * What is read of an XLSX file. A workbook is a zip of XML parts, so a few megabytes can unpack to
 * gigabytes; every bound here is checked before or while unpacking, never after.
 */
export interface XlsxLimits {
  /** All parts together, unpacked. */
  maxUnpackedBytes: number;
  /** Unpacked size over packed size for one part (Apache POI refuses past 100 as well). */
  maxPartRatio: number;
  /** A part this small may grow more than the ratio: an empty sheet or a style table does. */
  ratioGraceBytes: number;
  /** Parts in the zip: a workbook has a few dozen. */
  maxParts: number;
  /** Excel's own limits: 1,048,576 rows and 16,384 columns (XFD). */
  maxRows: number;
  maxColumns: number;
  /** Distinct texts of the shared-strings table, and the size of its part unpacked: the table is held. */
  maxSharedStrings: number;
  maxSharedStringsBytes: number;
}

/** A stock sheet's XML unpacks to about eight times its zip; ten leaves room. */
export const UNPACKED_PER_PACKED = 10;

/**
 * The limits for files of at most `maxFileBytes` (STOCK_UPLOAD_MAX_MB). The shared-strings bounds
 * keep the table under about 250 MB at worst, and still hold four texts for each of a million rows.
 */
export function xlsxLimitsFor(maxFileBytes: number): XlsxLimits {
  return {
    maxUnpackedBytes: maxFileBytes * UNPACKED_PER_PACKED,
    maxPartRatio: 100,
    ratioGraceBytes: 1024 * 1024,
    maxParts: 1000,
    maxRows: 1_048_576,
    maxColumns: 16_384,
    maxSharedStrings: 4_194_304,
    maxSharedStringsBytes: 128 * 1024 * 1024,
  };
}

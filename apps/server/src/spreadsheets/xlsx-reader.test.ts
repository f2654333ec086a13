import { Readable } from 'node:stream';
import { STOCK_UPLOAD_MESSAGES as M } from '@facet/contract';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { xlsxLimitsFor } from './xlsx-limits.ts';
import { boundedXlsxRows, type XlsxRow } from './xlsx-reader.ts';
import type { ByteSource } from './zip-parts.ts';

const bufferSource = (bytes: Buffer): ByteSource => ({
  size: bytes.length,
  read: (start, end) => Readable.from([bytes.subarray(start, end)]),
});

async function rowsOf(workbook: ExcelJS.Workbook, limits = xlsxLimitsFor(10 * 1024 * 1024)) {
  const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
  const rows: XlsxRow[] = [];
  for await (const row of boundedXlsxRows(bufferSource(bytes), limits)) rows.push(row);
  return rows;
}

describe('boundedXlsxRows (exceljs part readers driven from the zip directory)', () => {
  it('reads the first sheet only: shared and rich texts, numbers, dates, formulas', async () => {
    const workbook = new ExcelJS.Workbook();
    const first = workbook.addWorksheet('Stock');
    workbook.addWorksheet('Notes').addRow(['not this one']);
    first.addRow(['Stock #', 'Carat', 'Listed', 'Total']);
    first.addRow([
      { richText: [{ text: 'R-' }, { font: { bold: true }, text: '1' }] },
      1.01,
      new Date(Date.UTC(2024, 4, 17)),
      { formula: 'B2*2', result: 2.02 },
    ]);
    first.getCell('C2').numFmt = 'yyyy-mm-dd';
    const rows = await rowsOf(workbook);
    expect(rows.map((row) => row.rowNumber)).toEqual([1, 2]);
    expect(rows[0]?.cells).toEqual([
      { column: 1, value: 'Stock #' },
      { column: 2, value: 'Carat' },
      { column: 3, value: 'Listed' },
      { column: 4, value: 'Total' },
    ]);
    expect(rows[1]?.cells.map((cell) => cell.column)).toEqual([1, 2, 3, 4]);
    const [stock, carat, listed, total] = rows[1]?.cells.map((cell) => cell.value) ?? [];
    expect(stock).toEqual({
      richText: [
        { font: null, text: 'R-' },
        { font: { bold: true }, text: '1' },
      ],
    });
    expect(carat).toBe(1.01);
    expect(listed).toEqual(new Date(Date.UTC(2024, 4, 17)));
    expect(total).toMatchObject({ formula: 'B2*2', result: 2.02 });
  });

  it('gives a row as its filled cells, never built out to its last column', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Stock');
    sheet.getCell('A1').value = 'Stock #';
    sheet.getCell('XFD1').value = 'Far';
    sheet.getCell('XFD2').value = 7;
    const rows = await rowsOf(workbook);
    expect(rows).toEqual([
      {
        rowNumber: 1,
        cells: [
          { column: 1, value: 'Stock #' },
          { column: 16_384, value: 'Far' },
        ],
      },
      { rowNumber: 2, cells: [{ column: 16_384, value: 7 }] },
    ]);
  });

  it('stops at the row limit, and at the shared-strings limit', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Stock');
    for (let index = 0; index < 5; index += 1) sheet.addRow([`S-${index}`, index]);
    const limits = { ...xlsxLimitsFor(10 * 1024 * 1024), maxRows: 4 };
    await expect(rowsOf(workbook, limits)).rejects.toThrow(M.tooManyCells(4, limits.maxColumns));
    const fewTexts = { ...xlsxLimitsFor(10 * 1024 * 1024), maxSharedStrings: 3 };
    await expect(rowsOf(workbook, fewTexts)).rejects.toThrow(M.tooManyTexts(3));
  });
});

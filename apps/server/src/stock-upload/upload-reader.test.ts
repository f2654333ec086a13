import { Readable } from 'node:stream';
import { STOCK_UPLOAD_MESSAGES as M } from '@facet/contract';
import { describe, expect, it } from 'vitest';
import { SpreadsheetLimitError } from '../spreadsheets/zip-parts.ts';
import { csvRows, textLines } from './upload-reader.ts';

const source = (text: string) => Readable.from([Buffer.from(text)]);

async function all<T>(rows: AsyncGenerator<T>): Promise<T[]> {
  const found: T[] = [];
  for await (const row of rows) found.push(row);
  return found;
}

describe('CSV line bounds', () => {
  const max = 64;
  const tooLong = (line: number) => M.lineTooLong(line, Math.round(max / 1024));

  it('reads lines up to the bound', async () => {
    const line = `A-1,${'x'.repeat(max - 4)}`;
    expect(await all(csvRows(source(`Stock #,Note\n${line}\n`), ',', max))).toEqual([
      { rowNumber: 1, cells: ['Stock #', 'Note'] },
      { rowNumber: 2, cells: ['A-1', 'x'.repeat(max - 4)] },
    ]);
    expect(await all(textLines(source(`Stock #,Note\r\n${line}`), max))).toEqual(['Stock #,Note', line]);
  });

  it('stops at a line past the bound, naming it', async () => {
    const text = `Stock #,Note\nA-1,ok\n${','.repeat(max + 1)}\n`;
    await expect(all(csvRows(source(text), ',', max))).rejects.toThrow(new SpreadsheetLimitError(tooLong(3)));
    await expect(all(textLines(source(text), max))).rejects.toThrow(tooLong(3));
    await expect(all(textLines(source('y'.repeat(max + 1)), max))).rejects.toThrow(tooLong(1));
  });

  it('stops at a quoted field spanning lines past the bound', async () => {
    const text = `Stock #,Note\nA-1,"${'z\n'.repeat(max)}"\n`;
    await expect(all(csvRows(source(text), ',', max))).rejects.toThrow(SpreadsheetLimitError);
  });
});

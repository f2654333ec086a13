import { stoneResource } from '@facet/contract';
import { extractText } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { exportColumnsOf } from './export-file.ts';
import { openPdfList, summaryLines } from './export-pdf.ts';

const columns = exportColumnsOf(stoneResource, ['stockNumber', 'carat', 'amount', 'status', 'reportDate']);
const rows = (from: number, count: number) =>
  Array.from({ length: count }, (_, index) => [`S-${from + index}`, 1.5, 123456.7, 'A', '2026-11-25']);
const UTC = { timeZone: 'UTC' };

/** Reads the body as it comes, so that what reached it at any moment can be measured. */
function collect(body: NodeJS.ReadableStream) {
  const chunks: Buffer[] = [];
  body.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<Buffer>((resolve) => body.on('end', () => resolve(Buffer.concat(chunks))));
  return { received: () => chunks.reduce((sum, chunk) => sum + chunk.length, 0), ended };
}

describe('the printable PDF list', () => {
  it('hands each batch to the response as it is written, not at the end', async () => {
    const sheet = await openPdfList({ title: 'Stone list', at: new Date(), zone: UTC, columns, summary: [] });
    const body = collect(sheet.body);
    await sheet.write(rows(0, 2000));
    await new Promise((resolve) => setImmediate(resolve));
    const afterOne = body.received();
    await sheet.write(rows(2000, 2000));
    await new Promise((resolve) => setImmediate(resolve));
    // Some 40 pages per batch: each batch's pages are out before the document ends.
    expect(afterOne).toBeGreaterThan(20_000);
    expect(body.received()).toBeGreaterThan(afterOne * 1.5);
    await sheet.end();
    const { totalPages } = await extractText(new Uint8Array(await body.ended), { mergePages: true });
    expect(totalPages).toBeGreaterThan(60);
    // Eighty pages of layout and their text extraction: seconds of CPU on a busy machine.
  }, 60_000);

  it('prints money, carats, labels and dates as the panel shows them, and the summary of the whole list', async () => {
    const sheet = await openPdfList({
      title: 'Stone list',
      at: new Date('2026-05-17T22:30:00Z'),
      zone: { timeZone: 'Asia/Kolkata' },
      columns,
      summary: summaryLines(stoneResource, 2, {
        stones: 2,
        carats: 3,
        amount: 246913.4,
        averageDiscount: null,
      }),
    });
    const body = collect(sheet.body);
    await sheet.write(rows(0, 2));
    await sheet.end();
    const { text } = await extractText(new Uint8Array(await body.ended), { mergePages: true });
    // The reader's zone: 22:30 UTC is the next morning in India.
    expect(text).toContain('Exported 18 May 2026 04:00 (Asia/Kolkata)');
    expect(text).toContain('Stones: 2');
    expect(text).toContain('Carats: 3.00');
    expect(text).toContain('Amount: USD 246,913.40');
    expect(text).toContain('Average discount: —');
    expect(text).toContain('USD 123,456.70');
    expect(text).toContain('1.50');
    expect(text).toContain('Available');
    expect(text).toContain('25 Nov 2026');
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}/);
  });
});

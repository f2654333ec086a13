import {
  bannerResource,
  RESOURCE_MESSAGES,
  type ResourceRecord,
  resourcePaths,
  stoneResource,
} from '@facet/contract';
import ExcelJS from 'exceljs';
import { extractText } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseAvailable, startServer, type TestServer } from './harness.ts';
import { adminToken } from './sign-in.ts';

const banner = resourcePaths(bannerResource);
const stone = resourcePaths(stoneResource);
/** An ISO timestamp or date as a file must never show it. */
const ISO = /\d{4}-\d{2}-\d{2}(T|\b)/;

/** Exports write dates, money and numbers as the panel shows them, in the reader's time zone. */
describe.skipIf(!(await databaseAvailable()))('exports in the panel’s one format', () => {
  let server: TestServer;
  let token: string;

  const exportFile = (path: string, body: Record<string, unknown>) =>
    fetch(`${server.url}/${path}`, {
      method: 'POST',
      headers: { authorization: `JWT ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const csvLines = async (response: Response) => {
    expect(response.status).toBe(200);
    return (await response.text())
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\n');
  };
  const sheetRows = async (response: Response) => {
    expect(response.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    return workbook.worksheets[0] as ExcelJS.Worksheet;
  };

  beforeAll(async () => {
    server = await startServer();
    token = await adminToken(server, server.client());
    const shown = await server
      .client()
      .post<ResourceRecord>(
        banner.create,
        { name: 'Format banner', type: 'home', fromDate: '2026-11-25T23:30:00.000Z', toDate: null },
        token,
      );
    expect(shown.status, JSON.stringify(shown.body)).toBe(200);
    const priced = await server.client().post<ResourceRecord>(
      stone.create,
      {
        stockNumber: 'FMT-1',
        carat: 1.5,
        status: 'A',
        rapPrice: 10_000,
        marketingBack: -30,
        reportDate: '2026-11-25',
      },
      token,
    );
    expect(priced.status, JSON.stringify(priced.body)).toBe(200);
  });
  afterAll(async () => {
    await server?.close();
  });

  const bannerBody = { search: 'Format banner', columns: ['name', 'fromDate', 'toDate'] };

  it('writes a moment in the reader’s time zone (UTC when none is named), spelled out or a sheet date, never ISO', async () => {
    const utc = await csvLines(await exportFile(banner.export, { ...bannerBody, format: 'csv' }));
    expect(utc).toEqual(['Name,Shown from,Shown until', 'Format banner,25 Nov 2026 23:30,—']);

    const india = await csvLines(
      await exportFile(banner.export, { ...bannerBody, format: 'csv', timeZone: 'Asia/Kolkata' }),
    );
    expect(india[1]).toBe('Format banner,26 Nov 2026 05:00,—');
    // Any spelling of a zone is that zone.
    const shouted = await csvLines(
      await exportFile(banner.export, { ...bannerBody, format: 'csv', timeZone: 'ASIA/KOLKATA' }),
    );
    expect(shouted[1]).toBe('Format banner,26 Nov 2026 05:00,—');

    const sheet = await sheetRows(
      await exportFile(banner.export, { ...bannerBody, format: 'xlsx', timeZone: 'Asia/Kolkata' }),
    );
    // A sheet holds a real date: the reader's wall-clock time, shown as on the screen.
    expect((sheet.getRow(2).values as unknown[]).slice(1)).toEqual([
      'Format banner',
      new Date(Date.UTC(2026, 10, 26, 5, 0)),
      '—',
    ]);
    expect(sheet.getCell('B2').numFmt).toBe('dd mmm yyyy hh:mm');

    const pdf = await exportFile(banner.export, { ...bannerBody, format: 'pdf', timeZone: 'Asia/Kolkata' });
    expect(pdf.status).toBe(200);
    const { text } = await extractText(new Uint8Array(await pdf.arrayBuffer()), { mergePages: true });
    expect(text).toContain('26 Nov 2026 05:00');
    expect(text).toMatch(/Exported \d{1,2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2} \(Asia\/Kolkata\)/);
    expect(text).not.toMatch(ISO);
  });

  it('writes money with its currency, a discount as a percentage, carats and a date-only field', async () => {
    const columns = [
      'stockNumber',
      'carat',
      'marketingBack',
      'marketingPricePerCarat',
      'amount',
      'reportDate',
    ];
    const body = { filter: { stoneId: ['FMT-1'] }, columns };
    const csv = await csvLines(await exportFile(stone.export, { ...body, format: 'csv' }));
    expect(csv[1]).toBe('FMT-1,1.50,-30.00%,"USD 7,000.00","USD 10,500.00",25 Nov 2026');

    // A sheet keeps its numbers numeric, formatted as the screen writes them.
    const sheet = await sheetRows(await exportFile(stone.export, { ...body, format: 'xlsx' }));
    expect((sheet.getRow(2).values as unknown[]).slice(1)).toEqual([
      'FMT-1',
      1.5,
      -30,
      7000,
      10_500,
      new Date(Date.UTC(2026, 10, 25)),
    ]);
    expect(sheet.getCell('F2').numFmt).toBe('dd mmm yyyy');
    expect(sheet.getCell('E2').numFmt).toBe('"USD "#,##0.00');
    expect(sheet.getCell('C2').numFmt).toBe('0.00"%"');
    expect(sheet.getCell('B2').numFmt).toBe('#,##0.00#');

    const pdf = await exportFile(stone.export, { ...body, format: 'pdf' });
    const { text } = await extractText(new Uint8Array(await pdf.arrayBuffer()), { mergePages: true });
    expect(text).toContain('USD 10,500.00');
    expect(text).toContain('-30.00%');
    expect(text).toContain('25 Nov 2026');
  });

  it('refuses a time zone it does not know with a field error, before sending anything', async () => {
    for (const timeZone of ['Mars/Olympus', 'x'.repeat(65), 42]) {
      const response = await exportFile(banner.export, { format: 'csv', timeZone });
      expect(response.status, String(timeZone)).toBe(400);
      const answer = (await response.json()) as {
        code: string;
        errors: { field: string; message: string }[];
      };
      expect(answer.code).toBe('E_BAD_REQUEST');
      expect(answer.errors.map((error) => error.field)).toEqual(['timeZone']);
    }
    const unknown = await exportFile(stone.export, { format: 'pdf', timeZone: 'Mars/Olympus' });
    expect(await unknown.json()).toMatchObject({
      errors: [{ field: 'timeZone', message: RESOURCE_MESSAGES.unknownTimeZone }],
    });
  });
});

import { randomUUID } from 'node:crypto';
import {
  type BodyIn,
  type DataOf,
  formatCarat,
  formatMoney,
  resourceEndpoints,
  resourcePaths,
  type StoneTotals,
  stoneResource,
} from '@facet/contract';
import { extractText } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseAvailable, startServer, type TestServer } from './harness.ts';
import { adminToken } from './sign-in.ts';
import { uploadStones } from './upload-stones.ts';

const paginate = resourceEndpoints(stoneResource).paginate;
type Page = DataOf<typeof paginate> & { totals: StoneTotals };

const stone = resourcePaths(stoneResource);
/** Enough stones for several printed pages (about 45 rows a page). */
const LISTED = 130;
const number = (index: number) => `P-${String(index).padStart(3, '0')}`;

/** The stock file: P-001 … P-130, then Q-1 whose report # is P-002's stock # (a code filter catches both). */
const STOCK_FILE = [
  'Stock #,Report #,Shape,Carat,Color,Clarity,Price/Ct',
  ...Array.from(
    { length: LISTED },
    (_, index) =>
      `${number(index + 1)},R${index + 1},${index % 3 ? 'Round' : 'Pear'},${(0.3 + (index % 17) / 10).toFixed(2)},G,VS1,${4000 + index * 10}`,
  ),
  'Q-1,P-002,Oval,1.11,H,SI1,3000',
].join('\n');

describe.skipIf(!(await databaseAvailable()))('stone exports', () => {
  let server: TestServer;
  let token: string;

  const exportList = (body: Record<string, unknown>) =>
    fetch(`${server.url}/${stone.export}`, {
      method: 'POST',
      headers: { authorization: `JWT ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const search = async (body: BodyIn<typeof paginate>) => {
    const response = await server.client().call(paginate, body, { token });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body.data as Page;
  };
  const idsOf = async (numbers: string[]) =>
    (await search({ filter: { stoneId: numbers }, limit: 100 })).list
      .filter((record) => numbers.includes(record.stockNumber as string))
      .map((record) => record.id);
  const csvStockNumbers = async (response: Response) =>
    (await response.text())
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split(/\r?\n/)
      .slice(1)
      .map((line) => line.split(',')[0])
      .sort();

  beforeAll(async () => {
    server = await startServer({}, { seed: { referenceData: true } });
    token = await adminToken(server, server.client());
    const job = await uploadStones(server.client(), token, STOCK_FILE);
    expect(job).toMatchObject({ state: 'completed', accepted: LISTED + 1 });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('exports a selection by ids: exactly those stones, where their numbers would catch more', async () => {
    const byNumber = await exportList({ format: 'csv', filter: { stoneId: ['P-002'] } });
    expect(await csvStockNumbers(byNumber)).toEqual(['P-002', 'Q-1']);

    const ids = await idsOf(['P-002', 'P-077']);
    expect(ids).toHaveLength(2);
    const byId = await exportList({ format: 'csv', filter: { id: ids }, columns: ['stockNumber', 'carat'] });
    expect(byId.status).toBe(200);
    expect(await csvStockNumbers(byId)).toEqual(['P-002', 'P-077']);
  });

  it('refuses a bad id list before sending anything', async () => {
    for (const id of [['P-002'], [], Array.from({ length: 5001 }, () => randomUUID())]) {
      const response = await exportList({ format: 'csv', filter: { id } });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { code: string }).code).toBe('E_BAD_REQUEST');
    }
  });

  it('exports the whole filtered list as a printable PDF, paged, with its count and totals', async () => {
    // The P stones are all G; Q-1 is H.
    const [sample] = (await search({ filter: { stoneId: ['P-001'] } })).list;
    const filter = { colorId: [sample?.colorId] };
    const listed = await search({ filter, limit: 1 });
    expect(listed.count).toBe(LISTED);

    const response = await exportList({ format: 'pdf', filter, sort: { carat: 'desc' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="stock-\d{8}\.pdf"$/);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
    expect(new TextDecoder().decode(bytes.slice(-8))).toContain('%%EOF');

    const { totalPages, text } = await extractText(bytes, { mergePages: false });
    expect(totalPages).toBe(3);
    const first = text[0] as string;
    expect(first).toContain('Stone list');
    expect(first).toContain(`Stones: ${LISTED}`);
    expect(first).toContain(`Carats: ${formatCarat(listed.totals.carats)}`);
    expect(first).toContain(`Amount: ${formatMoney(listed.totals.amount)}`);
    text.forEach((page, index) => {
      // The table's header on every page, and the page's number in its footer.
      expect(page).toContain('Stock #');
      expect(page).toContain(`page ${index + 1}`);
    });
    const printed = text.join('\n').match(/\b[PQ]-\d+\b/g) ?? [];
    expect(printed.filter((found) => found.startsWith('P-')).sort()).toEqual(
      Array.from({ length: LISTED }, (_, index) => number(index + 1)),
    );
    expect(printed).not.toContain('Q-1');
  });

  it('prints a selection, and an empty list as one page that says so', async () => {
    const ids = await idsOf(['P-010', 'P-011']);
    const selected = await exportList({
      format: 'pdf',
      filter: { id: ids },
      columns: ['stockNumber', 'amount'],
    });
    const { totalPages, text } = await extractText(new Uint8Array(await selected.arrayBuffer()), {
      mergePages: true,
    });
    expect(totalPages).toBe(1);
    expect(text).toContain('Stones: 2');
    expect(text.match(/\bP-\d+\b/g)?.sort()).toEqual(['P-010', 'P-011']);

    const empty = await exportList({ format: 'pdf', filter: { stoneId: 'NOTHING-HERE' } });
    expect(empty.status).toBe(200);
    const nothing = await extractText(new Uint8Array(await empty.arrayBuffer()), { mergePages: true });
    expect(nothing.totalPages).toBe(1);
    expect(nothing.text).toContain('Stones: 0');
    expect(nothing.text).toContain('Nothing to list.');
  });
});

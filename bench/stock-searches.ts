/**
 * The ten searches of the stock benchmark (stock.ts times them, stock-plans.ts explains them), and the
 * connection helpers both use.
 */
import { isListedField, stoneResource } from '@facet/contract';
import pg from 'pg';
import { STOCK_ANCHOR_DATE } from './stock-data.ts';

export const ADMIN_URL = process.env.BENCH_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const DATABASE = 'facet_bench';

export const databaseUrl = (() => {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${DATABASE}`;
  return url.toString();
})();

export async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** `CODE:Value name` → id of every live master value. */
export function masterIds(url = databaseUrl): Promise<Map<string, string>> {
  return withClient(url, async (client) => {
    const rows = await client.query<{ key: string; id: string }>(
      `select p.code || ':' || v.name as key, v.id from masters v join masters p on p.id = v.parent_id
       where v.deleted_at is null and p.parent_id is null`,
    );
    return new Map(rows.rows.map((row) => [row.key, row.id]));
  });
}

export type Body = Record<string, unknown>;

/**
 * The columns the stock screen asks for before a user chooses any: the stone's listed fields (the grid
 * adds those its selection totals read, which are among them).
 */
export const GRID_COLUMNS = Object.entries(stoneResource.fields)
  .filter(([, spec]) => isListedField(spec))
  .map(([key]) => key);

/**
 * The ten searches, by master value names resolved against the seeded masters, as the grid asks them,
 * then the stock screen's search box (any part of a stock, report or pair number; goal 100 ms).
 */
export async function stockSearches(): Promise<{ name: string; body: Body }[]> {
  const ids = await masterIds();
  const id = (code: string, name: string) => {
    const found = ids.get(`${code}:${name}`);
    if (!found) throw new Error(`no master ${code}:${name}`);
    return found;
  };
  const numbers = await withClient(databaseUrl, async (client) => {
    const rows = await client.query<{ stock_number: string; certificate_number: string }>(
      `select stock_number, certificate_number from stones where stock_number like 'HK%' order by stock_number limit 200 offset 4000`,
    );
    return rows.rows.flatMap((row, index) => [index % 2 ? row.stock_number : row.certificate_number]);
  });
  const weekBefore = new Date(Date.parse(STOCK_ANCHOR_DATE) - 6 * 86_400_000).toISOString().slice(0, 10);
  const searches: { name: string; body: Body }[] = [
    { name: 'No filter: the whole stock (totals of 1M)', body: {} },
    { name: 'Shape Round (single filter, 55 %)', body: { filter: { shapeId: [id('SHAPE', 'Round')] } } },
    {
      name: 'Shape Pear + Oval (multi-select, 16 %)',
      body: { filter: { shapeId: [id('SHAPE', 'Pear'), id('SHAPE', 'Oval')] } },
    },
    {
      name: 'Round, colour D–H, carat 0.90–1.49, sort price/ct',
      body: {
        filter: {
          shapeId: [id('SHAPE', 'Round')],
          colorId: ['D', 'E', 'F', 'G', 'H'].map((name) => id('COLOR', name)),
          carat: { from: 0.9, to: 1.49 },
        },
        sort: { marketingPricePerCarat: 'asc' },
      },
    },
    {
      name: 'Round, G–I, VS1–SI1, EX cut, carat 1.00–1.20',
      body: {
        filter: {
          shapeId: id('SHAPE', 'Round'),
          colorId: ['G', 'H', 'I'].map((name) => id('COLOR', name)),
          clarityId: ['VS1', 'VS2', 'SI1'].map((name) => id('CLARITY', name)),
          cutId: id('CUT', 'Excellent'),
          carat: { from: 1, to: 1.2 },
        },
      },
    },
    {
      name: 'Ranges: discount −35…−30, depth 60–62, table 55–58',
      body: {
        filter: {
          marketingBack: { from: -35, to: -30 },
          totalDepth: { from: 60, to: 62 },
          tablePer: { from: 55, to: 58 },
        },
      },
    },
    { name: 'Sort by amount desc, no filter', body: { sort: { amount: 'desc' } } },
    {
      name: 'Deep page: Round, page 1000 of 50',
      body: { filter: { shapeId: [id('SHAPE', 'Round')] }, page: 1000 },
    },
    { name: '200 pasted stock/report numbers', body: { filter: { stoneId: numbers } } },
    {
      name: 'New arrivals (7 days), GIA, key to symbol Cloud',
      body: {
        filter: {
          marketingIssueDate: { from: weekBefore },
          labId: [id('LAB', 'GIA')],
          keyToSymbol: ['Cloud'],
        },
      },
    },
    { name: 'Search box: part of a stock number (HK05000)', body: { search: 'HK05000' } },
    { name: 'Search box: four digits of any number (4350)', body: { search: '4350' } },
  ];
  // BENCH_COLUMNS=all asks for whole records, as the stock screen did before it named its columns.
  if (process.env.BENCH_COLUMNS === 'all') return searches;
  return searches.map(({ name, body }) => ({ name, body: { ...body, columns: GRID_COLUMNS } }));
}

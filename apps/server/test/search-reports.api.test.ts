import {
  ADMIN_MODULE_BY_NAME,
  CUSTOMER_ACTIVITY_ENDPOINTS as C,
  CUSTOMER_SEARCH_ENDPOINTS,
  type EndpointSpec,
  FOUR_C_ENDPOINTS,
  type FourCCell,
  type PaginateResult,
  pathOf,
  type ReportChart,
  type ResourceRecord,
  resourceEndpoints,
  resourcePaths,
  STOCK_SUMMARY_ENDPOINTS as S,
  SEARCH_DAY_ENDPOINTS,
  SEARCH_SOLD_ENDPOINTS,
  SEARCH_SUMMARY_ENDPOINTS,
  type SearchDayRow,
  type SearchSoldCell,
  type SearchSummaryRow,
  stoneResource,
  USER_TYPES,
} from '@facet/contract';
import { count, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rollUpSearchDays } from '../src/reports/search-rollups.ts';
import { stoneSearches } from '../src/search-history/stone-search-table.ts';
import { companyViaApi, customerViaApi } from './customers.ts';
import { databaseAvailable, startServer, type TestServer } from './harness.ts';
import { adminToken } from './sign-in.ts';
import { createStones, gradeIds } from './test-stones.ts';
import { userWithRole } from './user-admin.ts';

type Answer<R> = PaginateResult<R> & { chart: ReportChart; totals?: Record<string, number | null> };

const today = () => new Date().toISOString().slice(0, 10);
const stonePaginate = resourceEndpoints(stoneResource).paginate;
/** The 1.00 – 1.49 bracket. */
const ONE_CARAT = 12;

/**
 * The search reports on both databases: searches made through the API (the staff's stock search and the
 * customers' search) count at once, the same after the roll-up, and sold stones count once.
 */
describe.skipIf(!(await databaseAvailable()))('search reports', () => {
  let server: TestServer;
  let token: string;
  let customer: string;
  let grade: (code: string, name: string) => string;
  let stones: ResourceRecord[];

  const call = (endpoint: EndpointSpec, body: unknown, as = token) =>
    server.client().request<unknown>(endpoint.method, pathOf(endpoint), { body, token: as });
  const report = async <R>(endpoint: EndpointSpec, filter?: Record<string, unknown>, extra = {}) => {
    const response = await call(endpoint, {
      from: today(),
      to: today(),
      page: 1,
      limit: 500,
      ...(filter ? { filter } : {}),
      ...extra,
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body.data as Answer<R>;
  };
  const recorded = async () =>
    (await server.database.db.select({ value: count() }).from(stoneSearches))[0]?.value ?? 0;
  const settled = async (expected: number) => {
    for (let tries = 0; tries < 100 && (await recorded()) < expected; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(await recorded()).toBe(expected);
  };
  const cell = <R extends { color: string; clarity: string }>(rows: R[], color: string, clarity: string) =>
    rows.find((row) => row.color === color && row.clarity === clarity);
  /** Every report's page over today, to compare before and after the roll-up. */
  const everything = async () => ({
    shapes: await report<SearchSummaryRow>(SEARCH_SUMMARY_ENDPOINTS.paginate, { by: 'shape' }),
    colours: await report<SearchSummaryRow>(SEARCH_SUMMARY_ENDPOINTS.paginate, { by: 'color' }),
    brackets: await report<SearchSummaryRow>(SEARCH_SUMMARY_ENDPOINTS.paginate, { by: 'caratBracket' }),
    labs: await report<SearchSummaryRow>(SEARCH_SUMMARY_ENDPOINTS.paginate, { by: 'lab' }),
    days: await report<SearchDayRow>(SEARCH_DAY_ENDPOINTS.paginate),
    rounds: await report<FourCCell>(FOUR_C_ENDPOINTS.paginate, {
      shapeId: grade('SHAPE', 'Round'),
      caratBracket: ONE_CARAT,
    }),
    roundsAnySize: await report<FourCCell>(FOUR_C_ENDPOINTS.paginate, { shapeId: grade('SHAPE', 'Round') }),
    all: await report<FourCCell>(FOUR_C_ENDPOINTS.paginate),
    oneCaratAnyShape: await report<FourCCell>(FOUR_C_ENDPOINTS.paginate, { caratBracket: ONE_CARAT }),
    sold: await report<SearchSoldCell>(SEARCH_SOLD_ENDPOINTS.paginate, {
      shapeId: grade('SHAPE', 'Round'),
      caratBracket: ONE_CARAT,
    }),
  });

  beforeAll(async () => {
    server = await startServer({}, { seed: { referenceData: true } });
    token = await adminToken(server, server.client());
    grade = await gradeIds(server.client(), token);
    stones = await createStones(server.client(), token, [
      { stockNumber: 'SR-1', carat: 1.1, shape: 'Round', color: 'E', clarity: 'VS1' },
      { stockNumber: 'SR-2', carat: 1.2, shape: 'Round', color: 'E', clarity: 'VS1' },
      { stockNumber: 'SR-3', carat: 1.3, shape: 'Round', color: 'G', clarity: 'SI1' },
      { stockNumber: 'SR-4', carat: 0.5, shape: 'Oval', color: 'G', clarity: 'SI1' },
    ]);
    const company = await companyViaApi(server, token, 'Search Gems');
    customer = (await customerViaApi(server, token, company.id as string, ['searchDiamond', 'offer'])).token;

    const staffSearch = async (filter: Record<string, unknown>, found: number) => {
      const response = await server.client().call(stonePaginate, { page: 1, limit: 20, filter }, { token });
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      expect(response.body.data.count).toBe(found);
    };
    await staffSearch(
      {
        shapeId: [grade('SHAPE', 'Round')],
        colorId: [grade('COLOR', 'E')],
        clarityId: grade('CLARITY', 'VS1'),
        carat: { from: 1, to: 1.49 },
      },
      2,
    );
    await staffSearch({ shapeId: [grade('SHAPE', 'Oval')], colorId: [grade('COLOR', 'D')] }, 0);
    const found = await server
      .client()
      .call(
        CUSTOMER_SEARCH_ENDPOINTS.search,
        { page: 1, limit: 20, filter: { shapeId: [grade('SHAPE', 'Round')], carat: { from: 1, to: 1.49 } } },
        { token: customer },
      );
    expect(found.status, JSON.stringify(found.body)).toBe(200);
    expect(found.body.data.count).toBe(3);
    // A customer reads the stones they may buy, with the customer's fields only.
    expect(found.body.data.list.map((stone) => stone.stockNumber).sort()).toEqual(['SR-1', 'SR-2', 'SR-3']);
    expect(found.body.data.list[0]).not.toHaveProperty('status');
    expect(found.body.data.list[0]).not.toHaveProperty('externalId');
    expect(found.body.data).not.toHaveProperty('totals');
    await settled(3);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('counts the searches at once by shape, colour, bracket, day and Four-C cell', async () => {
    const figures = await everything();
    const row = (rows: SearchSummaryRow[], value: string) => rows.find((item) => item.value === value);
    expect(row(figures.shapes.list, 'Round')).toMatchObject({
      searches: 2,
      zeroResultSearches: 0,
      averageResults: 2.5,
    });
    expect(row(figures.shapes.list, 'Oval')).toMatchObject({
      searches: 1,
      zeroResultSearches: 1,
      averageResults: 0,
    });
    expect(figures.shapes.list.map((item) => item.value)).toEqual(['Round', 'Oval']);
    expect(row(figures.colours.list, 'E')).toMatchObject({ searches: 1 });
    expect(row(figures.colours.list, 'D')).toMatchObject({ searches: 1, zeroResultSearches: 1 });
    expect(row(figures.colours.list, 'Any')).toMatchObject({ valueId: null, searches: 1 });
    expect(row(figures.brackets.list, '1.00 – 1.49')).toMatchObject({
      valueId: String(ONE_CARAT),
      searches: 2,
    });
    expect(row(figures.brackets.list, 'Any')).toMatchObject({ searches: 1 });
    expect(row(figures.labs.list, 'Any')).toMatchObject({ searches: 3 });
    expect(figures.shapes.chart.labels).toEqual(['Round', 'Oval']);

    expect(figures.days.list).toEqual([
      { day: today(), searches: 3, searchers: 2, zeroResultSearches: 1, averageResults: 1.7 },
    ]);
    expect(figures.days.totals).toMatchObject({ searches: 3, zeroResultSearches: 1 });

    // E VS1 rounds of a carat: the staff's search names the cell, the customer's leaves colour and clarity open.
    expect(cell(figures.rounds.list, 'E', 'VS1')).toMatchObject({ searches: 2, stones: 2 });
    expect(cell(figures.rounds.list, 'G', 'SI1')).toMatchObject({ searches: 1, stones: 1 });
    expect(cell(figures.rounds.list, 'D', 'VS1')).toMatchObject({ searches: 1, stones: 0 });
    expect(cell(figures.roundsAnySize.list, 'E', 'VS1')).toMatchObject({ searches: 2, stones: 2 });
    // Every shape: the oval search of D (clarity open) counts in D's cells too.
    expect(cell(figures.all.list, 'D', 'VS1')).toMatchObject({ searches: 2 });
    expect(cell(figures.all.list, 'G', 'SI1')).toMatchObject({ searches: 1, stones: 2 });
    expect(figures.rounds.chart.series.map((series) => series.key)).toEqual(['searches', 'stones']);
  });

  it('counts a deleted stone and an accepted offer as sold, once each', async () => {
    const before = await report<SearchSoldCell>(SEARCH_SOLD_ENDPOINTS.paginate, {
      shapeId: grade('SHAPE', 'Round'),
      caratBracket: ONE_CARAT,
    });
    expect(cell(before.list, 'E', 'VS1')).toMatchObject({ searches: 2, sold: 0, conversion: 0 });

    const removed = await server
      .client()
      .request('DELETE', resourcePaths(stoneResource).byId(stones[1]?.id as string), { token });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    const offer = await call(C.offerCreate, { stoneId: stones[2]?.id, pricePerCarat: 4000 }, customer);
    expect(offer.status, JSON.stringify(offer.body)).toBe(200);
    const accepted = await call(S.offerDecision, {
      id: (offer.body.data as { id: string }).id,
      decision: 'accept',
    });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    // The accepted stone then leaves the stock as an upload replacing the stock drops it: still one sale.
    const dropped = sql`update stones set deleted_at = now() where id = ${stones[2]?.id as string}`;
    await server.database.db.execute(dropped);
    // A stone deleted outright (no screen does; a database clean-up might) is sold too.
    await server.database.db.execute(sql`delete from stones where id = ${stones[3]?.id as string}`);

    const after = await report<SearchSoldCell>(SEARCH_SOLD_ENDPOINTS.paginate, {
      shapeId: grade('SHAPE', 'Round'),
      caratBracket: ONE_CARAT,
    });
    expect(cell(after.list, 'E', 'VS1')).toMatchObject({ searches: 2, sold: 1, conversion: 50 });
    expect(cell(after.list, 'G', 'SI1')).toMatchObject({ searches: 1, sold: 1, conversion: 100 });
    const sales = (await server.database.db.execute(
      sql`select reason from stone_sales order by reason`,
    )) as unknown as { rows: { reason: number }[] };
    expect(sales.rows.map((sale) => sale.reason)).toEqual([1, 1, 2]);
    const rounds = await report<FourCCell>(FOUR_C_ENDPOINTS.paginate, {
      shapeId: grade('SHAPE', 'Round'),
      caratBracket: ONE_CARAT,
    });
    expect(cell(rounds.list, 'E', 'VS1')).toMatchObject({ searches: 2, stones: 1 });
  });

  it('gives the same figures after the roll-up, however often it runs', async () => {
    // The staff run the customer's search: the roll-up works the criteria out once, for both searches.
    const again = await server
      .client()
      .call(
        stonePaginate,
        { page: 1, limit: 20, filter: { shapeId: [grade('SHAPE', 'Round')], carat: { from: 1, to: 1.49 } } },
        { token },
      );
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    await settled(4);
    const live = await everything();
    expect(live.shapes.list.find((row) => row.value === 'Round')).toMatchObject({ searches: 3 });
    expect(cell(live.oneCaratAnyShape.list, 'E', 'VS1')).toMatchObject({ searches: 3 });
    await rollUpSearchDays(server.database.db, today(), today());
    expect(await everything()).toEqual(live);
    await rollUpSearchDays(server.database.db, today(), today());
    expect(await everything()).toEqual(live);
  });

  it('exports each report as XLSX and CSV', async () => {
    for (const endpoints of [
      SEARCH_SUMMARY_ENDPOINTS,
      SEARCH_DAY_ENDPOINTS,
      FOUR_C_ENDPOINTS,
      SEARCH_SOLD_ENDPOINTS,
    ]) {
      for (const [format, type] of [
        ['csv', 'text/csv'],
        ['xlsx', 'spreadsheetml'],
      ] as const) {
        const file = await fetch(`${server.url}/${pathOf(endpoints.export)}`, {
          method: 'POST',
          headers: { authorization: `JWT ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ from: today(), to: today(), format }),
        });
        expect(file.status, pathOf(endpoints.export)).toBe(200);
        expect(file.headers.get('content-type')).toContain(type);
        if (format === 'csv') expect((await file.text()).length).toBeGreaterThan(10);
        else expect((await file.arrayBuffer()).byteLength).toBeGreaterThan(100);
      }
    }
    // The column naming what is counted is titled by it, as on the screen.
    for (const [by, title] of [
      [undefined, 'Shape'],
      ['color', 'Color'],
      ['caratBracket', 'Carat'],
    ] as const) {
      const file = await fetch(`${server.url}/${pathOf(SEARCH_SUMMARY_ENDPOINTS.export)}`, {
        method: 'POST',
        headers: { authorization: `JWT ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          from: today(),
          to: today(),
          format: 'csv',
          ...(by ? { filter: { by } } : {}),
        }),
      });
      expect((await file.text()).replace(/^\uFEFF/, '').split(/\r?\n/)[0]).toMatch(new RegExp(`^"?${title}`));
    }
  });

  it('refuses bad bodies with the field at fault', async () => {
    const period = { from: today(), to: today(), page: 1, limit: 20 };
    for (const [endpoint, body, text] of [
      [
        SEARCH_SUMMARY_ENDPOINTS.paginate,
        { ...period, filter: { by: 'cut' } },
        'Choose what to count the searches by',
      ],
      [
        SEARCH_DAY_ENDPOINTS.paginate,
        { ...period, from: today(), to: '2020-01-01' },
        'Enter a start that is not after the end.',
      ],
      [FOUR_C_ENDPOINTS.paginate, { ...period, filter: { shapeId: 'nope' } }, 'filter.shapeId'],
      [
        SEARCH_SOLD_ENDPOINTS.paginate,
        { ...period, filter: { caratBracket: 99 } },
        'Choose a carat bracket.',
      ],
      [CUSTOMER_SEARCH_ENDPOINTS.search, { page: 1, limit: 20, filter: { isActive: false } }, 'filter'],
      [
        CUSTOMER_SEARCH_ENDPOINTS.search,
        { page: 1, limit: 20, filter: { shapeId: 'nope' } },
        'filter.shapeId',
      ],
    ] as const) {
      const as = endpoint === CUSTOMER_SEARCH_ENDPOINTS.search ? customer : token;
      const refused = await call(endpoint, body, as);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect((refused.body as { code?: string }).code).toBe('E_BAD_REQUEST');
      expect(JSON.stringify(refused.body)).toContain(text);
    }
  });

  it('refuses the reports without their module, and the search without searchDiamond', async () => {
    const stockOnly = await userWithRole(server, token, USER_TYPES.EMPLOYEE, 'admin', [
      { id: ADMIN_MODULE_BY_NAME.get('Stock Master')?.id as number, permissions: { view: true } },
    ]);
    const body = { from: today(), to: today(), page: 1, limit: 20 };
    for (const endpoints of [
      SEARCH_SUMMARY_ENDPOINTS,
      SEARCH_DAY_ENDPOINTS,
      FOUR_C_ENDPOINTS,
      SEARCH_SOLD_ENDPOINTS,
    ]) {
      expect((await call(endpoints.paginate, body, stockOnly.token)).status).toBe(403);
      expect((await call(endpoints.export, body, stockOnly.token)).status).toBe(403);
    }
    const company = await companyViaApi(server, token, 'Cart Buyers');
    const cartOnly = await customerViaApi(server, token, company.id as string, ['cart'], ['view']);
    expect(
      (await call(CUSTOMER_SEARCH_ENDPOINTS.search, { page: 1, limit: 20 }, cartOnly.token)).status,
    ).toBe(403);
    expect((await call(CUSTOMER_SEARCH_ENDPOINTS.search, { page: 1, limit: 20 }, token)).status).toBe(403);
  });
});

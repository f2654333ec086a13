import {
  ADMIN_MODULE_BY_NAME,
  CUSTOMER_LAYOUT_ENDPOINTS as C,
  type CustomerLayout,
  type EndpointSpec,
  LAYOUT_ENDPOINTS,
  type LayoutSearchRow,
  layoutMasterResource,
  type PaginateResult,
  pathOf,
  LAYOUT_SEARCH_REPORT_ENDPOINTS as R,
  type ReportChart,
  type ResourceRecord,
  resourcePaths,
  USER_TYPES,
} from '@facet/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rollUpLayoutSearchDays } from '../src/reports/layout-search-rollup.ts';
import { companyViaApi, customerViaApi } from './customers.ts';
import { databaseAvailable, startServer, type TestServer } from './harness.ts';
import { adminToken } from './sign-in.ts';
import { createStones, gradeIds } from './test-stones.ts';
import { userWithRole } from './user-admin.ts';

type ReportAnswer = PaginateResult<LayoutSearchRow> & { chart: ReportChart; totals?: Record<string, number> };

const today = () => new Date().toISOString().slice(0, 10);
const yesterday = () => new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
const LAYOUT_SEARCH = ADMIN_MODULE_BY_NAME.get('Layout Search')?.id as number;
const BANNER = ADMIN_MODULE_BY_NAME.get('Banner')?.id as number;

/** A customer searches the certified layouts; each first page is counted by the layout search report. */
describe.skipIf(!(await databaseAvailable()))('layout search', () => {
  let server: TestServer;
  let token: string;
  let customer: string;
  let masterId: string;
  let roundId: string;
  let pearId: string;

  const call = (endpoint: EndpointSpec, body: unknown, as: string) =>
    server.client().request<unknown>(endpoint.method, pathOf(endpoint), { body, token: as });
  const search = async (body: Record<string, unknown>) => {
    const response = await server
      .client()
      .call(C.search, { page: 1, limit: 20, ...body }, { token: customer });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body.data as PaginateResult<CustomerLayout>;
  };
  const report = async (filter?: Record<string, unknown>, as = token) => {
    const response = await server
      .client()
      .call(
        R.paginate,
        { from: yesterday(), to: today(), page: 1, limit: 50, ...(filter ? { filter } : {}) },
        { token: as },
      );
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body.data as ReportAnswer;
  };

  beforeAll(async () => {
    server = await startServer({}, { seed: { referenceData: true } });
    token = await adminToken(server, server.client());
    const client = server.client();
    const grade = await gradeIds(client, token);
    roundId = grade('SHAPE', 'Round');
    pearId = grade('SHAPE', 'Pear');
    const stones = await createStones(client, token, [
      {
        stockNumber: 'LS-1',
        carat: 1,
        shape: 'Round',
        color: 'D',
        clarity: 'VS1',
        rapPrice: 10_000,
        discount: -30,
      },
      {
        stockNumber: 'LS-2',
        carat: 1.2,
        shape: 'Round',
        color: 'E',
        clarity: 'VS2',
        rapPrice: 10_000,
        discount: -30,
      },
    ]);
    const master = await client.post<ResourceRecord>(
      resourcePaths(layoutMasterResource).create,
      { name: 'Riviere', code: 'RIV' },
      token,
    );
    expect(master.status, JSON.stringify(master.body)).toBe(200);
    masterId = master.body.data.id as string;
    const layout = await client.call(
      LAYOUT_ENDPOINTS.create,
      {
        layoutNumber: 'LS-100',
        name: 'Round riviere',
        layoutMasterId: masterId,
        stoneIds: stones.map((s) => s.id),
      },
      { token },
    );
    expect(layout.status, JSON.stringify(layout.body)).toBe(200);
    const company = await companyViaApi(server, token, 'Layout Buyers');
    customer = (await customerViaApi(server, token, company.id as string, ['searchDiamond'], ['view'])).token;
  });
  afterAll(async () => {
    await server?.close();
  });

  it('finds the layouts on offer by category, shape, carats and stone count', async () => {
    const found = await search({
      filter: { layoutMasterId: masterId, shapeId: roundId, carats: { from: 2 } },
    });
    expect(found.count).toBe(1);
    expect(found.list[0]).toMatchObject({
      layoutNumber: 'LS-100',
      layoutMasterTitle: 'Riviere',
      stoneCount: 2,
      carats: 2.2,
      colorRange: 'D-E',
    });
    expect(found.list[0]).not.toHaveProperty('createdBy');
    expect((await search({ filter: { layoutMasterId: masterId, shapeId: pearId } })).count).toBe(0);
    expect((await search({ filter: { stoneCount: { from: 3 } } })).count).toBe(0);
    // A further page of a search is no new search.
    await server.client().call(C.search, { page: 2, limit: 20 }, { token: customer });
  });

  it('counts the searches by category in the report, with the ones that found nothing', async () => {
    const answer = await report();
    const riviere = answer.list.find((row) => row.layoutMasterId === masterId);
    expect(riviere).toMatchObject({ category: 'Riviere', searches: 2, searchers: 1, zeroResultSearches: 1 });
    expect(riviere?.lastSearchAt).toEqual(expect.any(String));
    expect(answer.list.find((row) => row.layoutMasterId === null)).toMatchObject({
      category: 'Any category',
      searches: 1,
      zeroResultSearches: 1,
    });
    expect(answer.totals).toMatchObject({ searches: 3, searchers: 1, zeroResultSearches: 2 });
    expect(answer.chart.labels).toEqual([yesterday(), today()]);
    expect(answer.chart.series.find((series) => series.key === 'searches')?.values).toEqual([0, 3]);

    const one = await report({ layoutMasterId: masterId });
    expect(one.list.map((row) => row.category)).toEqual(['Riviere']);
    const sorted = await server
      .client()
      .call(
        R.paginate,
        { from: today(), to: today(), page: 1, limit: 1, sort: { category: 'asc' } },
        { token },
      );
    expect(sorted.body.data, JSON.stringify(sorted.body)).toMatchObject({
      count: 2,
      list: [{ category: 'Any category' }],
    });

    const file = await fetch(`${server.url}/${pathOf(R.export)}`, {
      method: 'POST',
      headers: { authorization: `JWT ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ from: today(), to: today(), format: 'csv' }),
    });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toContain('text/csv');
    const text = await file.text();
    expect(text).toContain('Layout category');
    expect(text).toContain('Riviere');
  });

  it('reads the same figures once their days are rolled up', async () => {
    const { db } = server.database;
    // The searches move to yesterday, a closed day the job rolls up.
    await db.execute(sql`update layout_searches set created_at = created_at - interval '1 day'`);
    const before = await report();
    expect(before.totals).toMatchObject({ searches: 3 });
    // The first run sets the mark at the first search's day; the next rolls up the days closed since.
    expect(await rollUpLayoutSearchDays(db)).toBe(0);
    const settled = new Date().getUTCHours() * 60 + new Date().getUTCMinutes() >= 15;
    expect(await rollUpLayoutSearchDays(db)).toBe(settled ? 1 : 0);
    const after = await report();
    expect(after.list).toEqual(before.list);
    expect(after.totals).toEqual(before.totals);
    expect(after.chart).toEqual(before.chart);
    expect((await report({ layoutMasterId: masterId })).list).toEqual(
      before.list.filter((row) => row.layoutMasterId === masterId),
    );
  });

  it('refuses bad input with the field at fault', async () => {
    for (const [body, field] of [
      [{ page: 1, limit: 20, filter: { carats: { from: 3, to: 1 } } }, 'filter.carats.from'],
      [{ page: 1, limit: 20, filter: { layoutMasterId: 'nope' } }, 'filter.layoutMasterId'],
      [{ page: 1, limit: 20, filter: { colour: 'D' } }, 'filter'],
    ] as const) {
      const refused = await call(C.search, body, customer);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(refused.body)).toContain(field);
    }
    const reversed = await call(R.paginate, { from: today(), to: '2020-01-01', page: 1, limit: 20 }, token);
    expect(reversed.status).toBe(400);
    expect(JSON.stringify(reversed.body)).toContain('Enter a start that is not after the end.');
    const badSort = await call(
      R.paginate,
      { from: today(), to: today(), page: 1, limit: 20, sort: { id: 'asc' } },
      token,
    );
    expect(badSort.status).toBe(400);
  });

  it('refuses the search to staff and customers without it, and the report without its module', async () => {
    expect((await call(C.search, { page: 1, limit: 20 }, token)).status).toBe(403);
    const company = await companyViaApi(server, token, 'Cart Only');
    const cartOnly = await customerViaApi(server, token, company.id as string, ['cart'], ['view']);
    expect((await call(C.search, { page: 1, limit: 20 }, cartOnly.token)).status).toBe(403);

    const banner = await userWithRole(server, token, USER_TYPES.EMPLOYEE, 'admin', [
      { id: BANNER, permissions: { view: true } },
    ]);
    const body = { from: today(), to: today(), page: 1, limit: 20 };
    expect((await call(R.paginate, body, banner.token)).status).toBe(403);
    expect((await call(R.export, body, banner.token)).status).toBe(403);
    const reader = await userWithRole(server, token, USER_TYPES.EMPLOYEE, 'admin', [
      { id: LAYOUT_SEARCH, permissions: { view: true } },
    ]);
    expect((await report(undefined, reader.token)).count).toBe(2);
  });
});

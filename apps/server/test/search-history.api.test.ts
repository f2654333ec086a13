import {
  ADMIN_MODULE_BY_NAME,
  type BodyIn,
  pathOf,
  resourceEndpoints,
  SEARCH_HISTORY_ENDPOINTS,
  SEARCH_TYPES,
  stoneResource,
  USER_TYPES,
  type UserRecord,
} from '@facet/contract';
import { count, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pruneStoneSearches } from '../src/search-history/search-history.ts';
import { stoneSearches } from '../src/search-history/stone-search-table.ts';
import { databaseAvailable, startServer, type TestServer } from './harness.ts';
import { adminToken } from './sign-in.ts';
import { createStones, gradeIds } from './test-stones.ts';
import { userWithRole } from './user-admin.ts';

const stonePaginate = resourceEndpoints(stoneResource).paginate;
const moduleId = (name: string) => ADMIN_MODULE_BY_NAME.get(name as never)?.id as number;

/** `POST apis/diamond/search/history`: the stone searches the stock search records, on both databases. */
describe.skipIf(!(await databaseAvailable()))('search history', () => {
  let server: TestServer;
  let token: string;
  let trader: { user: UserRecord; token: string };
  let stoneIds: string[];
  const history = (body: BodyIn<typeof SEARCH_HISTORY_ENDPOINTS.paginate>, as = token) =>
    server.client().call(SEARCH_HISTORY_ENDPOINTS.paginate, body, { token: as });
  const recorded = async () =>
    (await server.database.db.select({ value: count() }).from(stoneSearches))[0]?.value ?? 0;
  const search = (body: BodyIn<typeof stonePaginate>, as: string) =>
    server.client().call(stonePaginate, body, { token: as });
  /** Searches are recorded beside their answer: wait until they are all in. */
  const settled = async (expected: number) => {
    for (let tries = 0; tries < 100 && (await recorded()) < expected; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(await recorded()).toBe(expected);
  };

  beforeAll(async () => {
    server = await startServer({}, { seed: { referenceData: true } });
    token = await adminToken(server, server.client());
    const stones = await createStones(server.client(), token, [
      { stockNumber: 'SH-1', carat: 1.1, shape: 'Round', color: 'E', clarity: 'VS1' },
      { stockNumber: 'SH-2', carat: 0.5, shape: 'Oval', color: 'G', clarity: 'SI1' },
    ]);
    stoneIds = stones.map((stone) => stone.id);
    trader = await userWithRole(server, token, USER_TYPES.EMPLOYEE, 'admin', [
      { id: moduleId('Stock Master'), permissions: { view: true } },
    ]);
    const idOf = await gradeIds(server.client(), token);
    expect(
      (await search({ filter: { shapeId: [idOf('SHAPE', 'Round')], carat: { from: 1, to: 1.49 } } }, token))
        .status,
    ).toBe(200);
    expect((await search({ filter: { stoneId: 'SH-1, SH-2' }, search: 'SH' }, trader.token)).status).toBe(
      200,
    );
    expect(
      (await search({ filter: { colorId: [idOf('COLOR', 'E'), idOf('COLOR', 'G')] } }, trader.token)).status,
    ).toBe(200);
    await settled(3);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('lists every recorded search, newest first, with its user, body, criteria in words and result count', async () => {
    const page = await history({});
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    expect(page.body.data.count).toBe(3);
    const [colours, codes, rounds] = page.body.data.list;
    expect(rounds).toMatchObject({
      userName: 'Super Admin',
      searchType: SEARCH_TYPES.RECENT,
      resultCount: 1,
      criteria: [
        { field: 'shapeId', label: 'Shape', value: 'Round' },
        { field: 'carat', label: 'Carat', value: '1.00 – 1.49' },
      ],
    });
    expect(rounds?.body).toMatchObject({ filter: { carat: { from: 1, to: 1.49 } } });
    expect(codes).toMatchObject({
      userId: trader.user.id,
      userName: trader.user.name,
      resultCount: 2,
      criteria: [
        { field: 'stoneId', label: 'Stock or report #', value: 'SH-1, SH-2' },
        { field: 'search', label: 'Search', value: 'SH' },
      ],
    });
    expect(colours?.criteria).toEqual([{ field: 'colorId', label: 'Color', value: 'E, G' }]);
    expect(Date.parse(colours?.createdAt ?? '')).toBeGreaterThan(Date.now() - 120_000);
  });

  it('filters by user, search type and date, sorts and pages', async () => {
    const mine = await history({ filter: { userId: trader.user.id } });
    expect(mine.body.data.count).toBe(2);
    expect(new Set(mine.body.data.list.map((entry) => entry.username))).toEqual(
      new Set([trader.user.username]),
    );
    expect((await history({ filter: { searchType: SEARCH_TYPES.RECENT } })).body.data.count).toBe(3);
    expect(
      (await history({ filter: { searchType: [SEARCH_TYPES.SAVE, SEARCH_TYPES.DEMAND] } })).body.data.count,
    ).toBe(0);
    const today = new Date().toISOString().slice(0, 10);
    expect((await history({ filter: { createdAt: { from: today } } })).body.data.count).toBe(3);
    expect((await history({ filter: { createdAt: { to: '2020-12-31' } } })).body.data.count).toBe(0);
    const byResults = await history({ sort: { resultCount: 'desc' } });
    expect(byResults.body.data.list.map((entry) => entry.resultCount)).toEqual([2, 2, 1]);
    const second = await history({ page: 2, limit: 2, sort: { createdAt: 'asc' } });
    expect(second.body.data.list).toHaveLength(1);
    expect(second.body.data.list[0]?.criteria[0]?.field).toBe('colorId');
    expect((await history({ search: trader.user.username })).body.data.count).toBe(2);
  });

  it('refuses hostile bodies with a clear error, and reading the history records no search', async () => {
    const before = await recorded();
    for (const body of [
      { filter: { userId: "' or 1=1 --" } },
      { filter: { searchType: 4 } },
      { filter: { searchType: 'recent' } },
      { filter: { body: { shapeId: 'x' } } },
      { filter: { createdAt: { from: 'last week' } } },
      { filter: { createdAt: { from: '2026-05-02', to: '2026-05-01' } } },
      { sort: { body: 'asc' } },
      { sort: { 'created_at; drop table stone_searches': 'asc' } },
      { page: 0 },
      { limit: 'all' },
    ]) {
      const response = await server.client().post(pathOf(SEARCH_HISTORY_ENDPOINTS.paginate), body, token);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.code).toBe('E_BAD_REQUEST');
    }
    expect(await recorded()).toBe(before);
  });

  it('is the Search History module', async () => {
    const reader = await userWithRole(server, token, USER_TYPES.EMPLOYEE, 'admin', [
      { id: moduleId('Search History'), permissions: { view: true } },
    ]);
    expect((await history({}, reader.token)).status).toBe(200);
    // Searching the stock is not reading the history of searches.
    const refused = await history({}, trader.token);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('E_FORBIDDEN');
    expect((await server.client().call(SEARCH_HISTORY_ENDPOINTS.paginate, {})).status).toBe(401);
  });

  it('records a search its user repeats at once (a refetch, a double click) only once', async () => {
    const before = await recorded();
    const body = { filter: { stoneId: 'SH-2' }, page: 1, limit: 25 };
    for (let time = 0; time < 3; time += 1) expect((await search(body, trader.token)).status).toBe(200);
    // The same search by someone else, and another search by the same user, are searches of their own.
    expect((await search(body, token)).status).toBe(200);
    expect((await search({ ...body, search: 'SH' }, trader.token)).status).toBe(200);
    await settled(before + 3);
    const page = await history({ filter: { userId: trader.user.id }, sort: { createdAt: 'desc' }, limit: 2 });
    // What was searched for is kept, not the page it was read on.
    expect(page.body.data.list.map((entry) => entry.body)).toEqual([
      { filter: { stoneId: 'SH-2' }, search: 'SH' },
      { filter: { stoneId: 'SH-2' } },
    ]);
  });

  it('records no visit, page, sort or selection: only criteria the user changed', async () => {
    const idOf = await gradeIds(server.client(), token);
    const before = await recorded();
    const ovals = { filter: { shapeId: [idOf('SHAPE', 'Oval')] } };
    const steps: BodyIn<typeof stonePaginate>[] = [
      // A plain visit of the stock list, then its next page and another sort: no search yet.
      { page: 1, limit: 100 },
      { page: 2, limit: 100, sort: { carat: 'desc' } },
      { page: 1, limit: 100, search: '   ' },
      // Stones picked by id (a selection printed or exported) are no search either.
      { filter: { id: stoneIds } },
      // A search, read page by page, sorted, with other columns, and its filter sent in another order.
      { ...ovals, page: 1, limit: 100 },
      { ...ovals, page: 2, limit: 100 },
      { ...ovals, page: 1, limit: 50, sort: { carat: 'asc' }, columns: ['stockNumber', 'carat'] },
      // Another search, then the first again: each is a search of its own.
      { filter: { shapeId: [idOf('SHAPE', 'Oval')], carat: { from: 0.4, to: 0.6 } } },
      { filter: { carat: { to: 0.6, from: 0.4 }, shapeId: [idOf('SHAPE', 'Oval')] }, page: 3 },
      { ...ovals, limit: 25 },
    ];
    for (const body of steps)
      expect((await search(body, trader.token)).status, JSON.stringify(body)).toBe(200);
    await settled(before + 3);
    const page = await history({ filter: { userId: trader.user.id }, sort: { createdAt: 'desc' }, limit: 3 });
    expect(page.body.data.list.map((entry) => entry.criteria.map((criterion) => criterion.value))).toEqual([
      ['Oval'],
      ['Oval', '0.40 – 0.60'],
      ['Oval'],
    ]);
  });

  it('deletes searches older than SEARCH_HISTORY_RETENTION_DAYS, like the other logs', async () => {
    expect(server.config.searchHistoryRetentionDays).toBe(365);
    const { db } = server.database;
    const daysAgo = (days: number) => sql`now() - make_interval(days => ${days})`;
    await db.insert(stoneSearches).values([
      { userId: trader.user.id, body: { old: true }, resultCount: 0, durationMs: 1, createdAt: daysAgo(400) },
      {
        userId: trader.user.id,
        body: { old: false },
        resultCount: 0,
        durationMs: 1,
        createdAt: daysAgo(300),
      },
    ]);
    const before = await recorded();
    await pruneStoneSearches(db, server.config.searchHistoryRetentionDays);
    expect(await recorded()).toBe(before - 1);
    const kept = await history({
      filter: { createdAt: { to: new Date(Date.now() - 200 * 86_400_000).toISOString().slice(0, 10) } },
    });
    expect(kept.body.data.list.map((entry) => entry.body)).toEqual([{ old: false }]);
  });

  // Last: it closes the server. Searches written in batches after their answer are all in once it closed.
  it('writes every answered search before the server closes', async () => {
    const before = await recorded();
    // None repeats this user's last search (SH-2), which would rightly not be recorded again.
    const searches = Array.from({ length: 12 }, (_, index) => ({ filter: { stoneId: `CLOSE-${index}` } }));
    const answers = await Promise.all(searches.map((body) => search(body, token)));
    expect(answers.map((answer) => answer.status)).toEqual(searches.map(() => 200));
    await server.app.close();
    expect(await recorded()).toBe(before + searches.length);
  });
});

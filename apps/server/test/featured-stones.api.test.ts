import {
  ADMIN_MODULE_BY_NAME,
  type AuditEntry,
  featuredStoneResource,
  type PaginateResult,
  pathOf,
  type ResourceRecord,
  resourcePaths,
  STONE_LOOKUP_ENDPOINTS,
  type StoneSummary,
  stoneResource,
  USER_TYPES,
} from '@facet/contract';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { featuredStones } from '../src/db/resource-tables.ts';
import { stoneSearches } from '../src/search-history/stone-search-table.ts';
import { databaseAvailable, startServer, type TestServer } from './harness.ts';
import { adminToken } from './sign-in.ts';
import { createStones } from './test-stones.ts';
import { userWithRole } from './user-admin.ts';

const STONE_LOOKUP = pathOf(STONE_LOOKUP_ENDPOINTS.lookup);

type Page = PaginateResult<ResourceRecord>;
const api = resourcePaths(featuredStoneResource);
const moduleId = (name: string) => ADMIN_MODULE_BY_NAME.get(name as never)?.id as number;

/** Featured stones as references to stones, through the spec's calls, on both databases. */
describe.skipIf(!(await databaseAvailable()))('featured stones backed by stones', () => {
  let server: TestServer;
  let token: string;
  let round: ResourceRecord;
  let pear: ResourceRecord;
  const post = <T = ResourceRecord>(path: string, body: unknown, as = token) =>
    server.client().post<T>(path, body, as);
  const rows = async () =>
    (await server.database.db.select({ value: count() }).from(featuredStones))[0]?.value;

  beforeAll(async () => {
    server = await startServer({}, { seed: { referenceData: true } });
    token = await adminToken(server, server.client());
    [round, pear] = (await createStones(server.client(), token, [
      {
        stockNumber: 'FS-1001',
        carat: 1.01,
        shape: 'Round',
        color: 'D',
        clarity: 'VS1',
        lab: 'GIA',
        certificateNumber: '2141438171',
        rapPrice: 10_000,
        discount: -30,
      },
      {
        stockNumber: 'FS-2002',
        carat: 0.9,
        shape: 'Pear',
        color: 'G',
        clarity: 'SI1',
        rapPrice: 5000,
        discount: -20,
      },
    ])) as [ResourceRecord, ResourceRecord];
  });
  afterAll(async () => {
    await server?.close();
  });

  it('creates a featured stone by the spec path and lists it as a stock line', async () => {
    const created = await post('apis/featuredStone/create', {
      stoneId: round.id,
      kind: 'stone_of_day',
      fromDate: '2026-06-01',
      toDate: '2026-06-02',
      sequence: 1,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.data).toMatchObject({
      stoneId: round.id,
      stoneTitle: 'FS-1001',
      kind: 'stone_of_day',
    });

    const page = await post<Page>('apis/featuredStone/paginate', { filter: { stoneId: round.id } });
    expect(page.status).toBe(200);
    expect(page.body.data.count).toBe(1);
    expect(page.body.data.list[0]).toMatchObject({
      stoneTitle: 'FS-1001',
      stoneShape: 'Round',
      stoneCarat: 1.01,
      stoneColor: 'D',
      stoneClarity: 'VS1',
      stoneMarketingPricePerCarat: 7000,
      stoneAmount: 7070,
    });

    // A repriced stone shows its new price at once: the list reads the stone, not a copy.
    const repriced = await server.client().request('PUT', resourcePaths(stoneResource).byId(round.id), {
      body: { marketingBack: -40 },
      token,
    });
    expect(repriced.status).toBe(200);
    const again = await post<Page>(api.paginate, { filter: { stoneId: round.id } });
    expect(again.body.data.list[0]).toMatchObject({ stoneMarketingPricePerCarat: 6000, stoneAmount: 6060 });
  });

  it('exports the stone columns after the stone, and records every write in the history', async () => {
    const created = await post(api.create, { stoneId: pear.id, kind: 'best', sequence: 2 });
    expect(created.status).toBe(200);
    const id = created.body.data.id;
    const file = await fetch(`${server.url}/${api.export}`, {
      method: 'POST',
      headers: { authorization: `JWT ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ format: 'csv', filter: { stoneId: pear.id } }),
    });
    const [header, line] = (await file.text()).replace(/^\uFEFF/, '').split('\n');
    expect(header).toBe('Stone,Shape,Carat,Color,Clarity,Price/ct,Amount,Kind,From,To,Sequence,Active');
    // Written as the panel shows them: money with its currency, carats to two places, a dash for no date.
    expect(line).toBe('FS-2002,Pear,0.90,G,SI1,"USD 4,000.00","USD 3,600.00",Best buy,—,—,2,Yes');
    const chosen = await fetch(`${server.url}/${api.export}`, {
      method: 'POST',
      headers: { authorization: `JWT ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        format: 'csv',
        columns: ['stoneId', 'stoneCarat'],
        filter: { stoneId: pear.id },
      }),
    });
    expect((await chosen.text()).replace(/^\uFEFF/, '').split('\n')[1]).toBe('FS-2002,0.90');

    const moved = await server.client().request('PUT', api.byId(id), { body: { stoneId: round.id }, token });
    expect(moved.status).toBe(200);
    expect(moved.body.data).toMatchObject({ stoneTitle: 'FS-1001', stoneShape: 'Round' });
    expect((await post(`apis/featuredStone/destroy`, { id })).status).toBe(200);
    const history = await server.client().get<AuditEntry[]>(api.history(id), token);
    expect(history.body.data.map((entry) => entry.action)).toEqual([
      'featuredStone.delete',
      'featuredStone.update',
      'featuredStone.create',
    ]);
    expect(history.body.data[1]).toMatchObject({
      before: { stoneId: pear.id },
      after: { stoneId: round.id },
    });
  });

  it('refuses what is not a live stone, a stock number in place of a stone, and days out of order', async () => {
    const removed = (await createStones(server.client(), token, [{ stockNumber: 'FS-GONE', carat: 0.5 }]))[0];
    await server.client().request('DELETE', resourcePaths(stoneResource).byId(removed?.id ?? ''), { token });
    const before = await rows();
    const hostile: [unknown, string][] = [
      [{ kind: 'best' }, 'stoneId'],
      [{ stockNumber: 'FS-1001', kind: 'best' }, ''],
      [{ stoneId: 'FS-1001', kind: 'best' }, 'stoneId'],
      [{ stoneId: removed?.id, kind: 'best' }, 'stoneId'],
      [{ stoneId: round.id, kind: 'best', fromDate: '2026-06-10', toDate: '2026-06-01' }, 'toDate'],
      [{ stoneId: round.id, kind: 'gem_of_the_week' }, 'kind'],
      [{ stoneId: "'; drop table stones; --", kind: 'best' }, 'stoneId'],
    ];
    for (const [body, field] of hostile) {
      const response = await post(api.create, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.code).toBe('E_BAD_REQUEST');
      if (field) expect(response.body.errors?.map((error) => error.field)).toContain(field);
    }
    expect(await rows()).toBe(before);

    const kept = await post(api.create, { stoneId: round.id, kind: 'exclusive', fromDate: '2026-06-01' });
    const backwards = await server.client().request('PUT', api.byId(kept.body.data.id), {
      body: { toDate: '2026-05-01' },
      token,
    });
    expect(backwards.status).toBe(400);
    expect(backwards.body.errors).toEqual([
      { field: 'toDate', message: 'Choose a to date that is not before the from date.' },
    ]);
    expect(
      (await server.client().get<ResourceRecord>(api.byId(kept.body.data.id), token)).body.data.toDate,
    ).toBe(null);
    expect((await post(api.paginate, { filter: { stoneId: 'not-an-id' } })).status).toBe(400);
  });

  it('lets a Dashboard Stone user pick a stone by number without Stock Master, and records no stock search', async () => {
    const editor = await userWithRole(server, token, USER_TYPES.EMPLOYEE, 'admin', [
      { id: moduleId('Dashboard Stone'), permissions: { view: true, insert: true } },
    ]);
    const searchesBefore = (await server.database.db.select({ value: count() }).from(stoneSearches))[0]
      ?.value;
    // The stock itself stays closed to them...
    expect((await post(resourcePaths(stoneResource).paginate, {}, editor.token)).status).toBe(403);
    // ...but the lookup finds stones by stock or report number, exact match first.
    const found = await post<StoneSummary[]>(STONE_LOOKUP, { search: 'fs-' }, editor.token);
    expect(found.status, JSON.stringify(found.body)).toBe(200);
    expect(found.body.data.map((stone) => stone.stockNumber)).toEqual(['FS-1001', 'FS-2002']);
    const byReport = await post<StoneSummary[]>(STONE_LOOKUP, { search: '2141438171' }, editor.token);
    expect(byReport.body.data[0]).toMatchObject({
      id: round.id,
      stockNumber: 'FS-1001',
      lab: 'GIA',
      shape: 'Round',
      carat: 1.01,
      color: 'D',
      clarity: 'VS1',
    });
    const byId = await post<StoneSummary[]>(STONE_LOOKUP, { search: 'zzz', ids: [pear.id] }, editor.token);
    expect(byId.body.data.map((stone) => stone.stockNumber)).toEqual(['FS-2002']);
    const literal = await post<StoneSummary[]>(STONE_LOOKUP, { search: 'FS_%' }, editor.token);
    expect(literal.body.data).toEqual([]);
    const searchesAfter = (await server.database.db.select({ value: count() }).from(stoneSearches))[0]?.value;
    expect(searchesAfter).toBe(searchesBefore);

    const created = await post(api.create, { stoneId: pear.id, kind: 'pair' }, editor.token);
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const removed = await post('apis/featuredStone/destroy', { id: created.body.data.id }, editor.token);
    expect(removed.status).toBe(403);

    const stranger = await userWithRole(server, token, USER_TYPES.EMPLOYEE, 'admin', [
      { id: moduleId('Banner'), permissions: { view: true } },
    ]);
    expect((await post(STONE_LOOKUP, { search: 'FS' }, stranger.token)).status).toBe(403);
    expect((await post(api.paginate, {}, stranger.token)).status).toBe(403);
    for (const hostile of [{ search: 5 }, { ids: ['x'] }, { limit: 1000 }, { search: 'FS', extra: true }]) {
      const response = await post(STONE_LOOKUP, hostile, editor.token);
      expect(response.status, JSON.stringify(hostile)).toBe(400);
      expect(response.body.code).toBe('E_BAD_REQUEST');
    }
  });
});

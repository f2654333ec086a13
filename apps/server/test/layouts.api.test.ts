import {
  ADMIN_MODULE_BY_NAME,
  type AuditEntry,
  LAYOUT_ENDPOINTS,
  LAYOUT_MASTER_ENDPOINTS,
  type LayoutRecord,
  layoutMasterResource,
  type MainMaster,
  type PaginateResult,
  pathOf,
  type ResourceRecord,
  resourcePaths,
  stoneResource,
  USER_TYPES,
} from '@facet/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseAvailable, startServer, type TestServer } from './harness.ts';
import { adminToken } from './sign-in.ts';
import { userWithRole } from './user-admin.ts';

const stone = resourcePaths(stoneResource);
const layoutMaster = resourcePaths(layoutMasterResource);
const CERT_LAYOUT = ADMIN_MODULE_BY_NAME.get('CertLayout')?.id as number;
const BANNER = ADMIN_MODULE_BY_NAME.get('Banner')?.id as number;
const ALL = { view: true, insert: true, update: true, delete: true };

type Page<T = ResourceRecord> = PaginateResult<T>;

/** Stock # → shape, colour, clarity, carat, Rap price, discount or price/ct. */
const STONES = {
  'LAY-1': { color: 'D', clarity: 'VS1', carat: 1, rapPrice: 10_000, marketingBack: -30 },
  'LAY-2': { color: 'E', clarity: 'VVS2', carat: 1.5, rapPrice: 12_000, marketingBack: -20 },
  'LAY-3': { color: 'F', clarity: 'VS2', carat: 2, rapPrice: 15_000, marketingBack: -25 },
  // A fancy colour: no list price, priced per carat.
  'LAY-4': { color: null, clarity: 'VS1', carat: 0.8, rapPrice: null, marketingPricePerCarat: 5000 },
  'LAY-5': { color: 'G', clarity: 'SI1', carat: 0.5, rapPrice: 4000, marketingBack: -40 },
  'LAY-6': { color: 'H', clarity: 'VS1', carat: 1, rapPrice: 100_000, marketingBack: -10 },
  // The highest list price a stone takes: a large enough markup prices it out of bounds.
  'LAY-7': { color: 'D', clarity: 'IF', carat: 0.5, rapPrice: 10_000_000, marketingBack: -99 },
  'LAY-8': { color: 'E', clarity: 'VS1', carat: 1, rapPrice: 20_000, marketingBack: -10 },
} as const;
type StockNumber = keyof typeof STONES;

describe.skipIf(!(await databaseAvailable()))('certified layouts and layout masters', () => {
  let server: TestServer;
  let token: string;
  const ids = {} as Record<StockNumber, string>;
  let mainMasters: MainMaster[] = [];
  const valueIds = new Map<string, string>();

  const client = () => server.client();
  const post = <T = ResourceRecord>(path: string, body: unknown, as = token) =>
    server.client().post<T>(path, body, as);
  const get = <T = ResourceRecord>(path: string, as = token) => server.client().get<T>(path, as);
  const _put = <T = ResourceRecord>(path: string, body: unknown, as = token) =>
    server.client().request<T>('PUT', path, { body, token: as });
  const remove = (path: string, as = token) => server.client().request('DELETE', path, { token: as });
  const mainId = (code: string) => mainMasters.find((main) => main.code === code)?.id as string;
  const valueId = (code: string, name: string) => valueIds.get(`${code}:${name}`) as string;
  const view = async (id: string) => {
    const response = await client().call(LAYOUT_ENDPOINTS.view, undefined, { token, params: { id } });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body.data;
  };
  const stoneRecord = async (stockNumber: StockNumber) =>
    (await get<ResourceRecord>(stone.byId(ids[stockNumber]))).body.data;
  const history = async (path: string) => (await get<AuditEntry[]>(path)).body.data;
  const layoutList = (body: Record<string, unknown> = {}) =>
    client().call(LAYOUT_ENDPOINTS.paginate, body, { token });

  async function loadValues(code: string) {
    let page = 1;
    for (;;) {
      const response = await client().call(
        LAYOUT_MASTER_ENDPOINTS.subMasters,
        {
          page,
          limit: 100,
          filter: { parentId: mainId(code) },
        },
        { token },
      );
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      for (const row of response.body.data.list) valueIds.set(`${code}:${row.name}`, row.id);
      if (page * 100 >= response.body.data.count) return;
      page += 1;
    }
  }

  beforeAll(async () => {
    server = await startServer({}, { seed: { referenceData: true } });
    token = await adminToken(server, server.client());
    const mains = await client().call(LAYOUT_MASTER_ENDPOINTS.mainMasters, {}, { token });
    expect(mains.status, JSON.stringify(mains.body)).toBe(200);
    mainMasters = mains.body.data;
    for (const code of ['SHAPE', 'COLOR', 'CLARITY', 'FANCY_COLOR']) await loadValues(code);
    for (const [stockNumber, spec] of Object.entries(STONES)) {
      const created = await post(stone.create, {
        stockNumber,
        status: 'A',
        certificateNumber: `R${stockNumber}`,
        shapeId: valueId('SHAPE', 'Round'),
        colorId: spec.color ? valueId('COLOR', spec.color) : null,
        fancyColor: spec.color ? null : valueId('FANCY_COLOR', 'Yellow'),
        clarityId: valueId('CLARITY', spec.clarity),
        carat: spec.carat,
        rapPrice: spec.rapPrice,
        ...('marketingBack' in spec ? { marketingBack: spec.marketingBack } : {}),
        ...('marketingPricePerCarat' in spec ? { marketingPricePerCarat: spec.marketingPricePerCarat } : {}),
      });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      ids[stockNumber as StockNumber] = created.body.data.id;
    }
  });
  afterAll(async () => {
    await server?.close();
  });

  describe('layout masters', () => {
    it('answers the main masters, and the values of one page by page', async () => {
      expect(mainMasters.map((main) => main.code)).toEqual(
        expect.arrayContaining(['SHAPE', 'COLOR', 'CLARITY', 'LAB']),
      );
      const some = await client().call(
        LAYOUT_MASTER_ENDPOINTS.mainMasters,
        { code: ['color', 'SHAPE'] },
        { token },
      );
      expect(some.body.data.map((main) => main.code).sort()).toEqual(['COLOR', 'SHAPE']);

      const colors = await client().call(
        LAYOUT_MASTER_ENDPOINTS.subMasters,
        {
          page: 1,
          limit: 3,
          filter: { parentId: mainId('COLOR') },
        },
        { token },
      );
      expect(colors.status).toBe(200);
      expect(colors.body.data.list.map((row) => row.name)).toEqual(['D', 'E', 'F']);
      expect(colors.body.data.count).toBeGreaterThanOrEqual(23);
      const second = await client().call(
        LAYOUT_MASTER_ENDPOINTS.subMasters,
        {
          page: 2,
          limit: 3,
          filter: { parentId: mainId('COLOR') },
        },
        { token },
      );
      expect(second.body.data.list.map((row) => row.name)).toEqual(['G', 'H', 'I']);
      const searched = await client().call(
        LAYOUT_MASTER_ENDPOINTS.subMasters,
        {
          search: 'vvs',
          filter: { parentId: mainId('CLARITY') },
        },
        { token },
      );
      expect(searched.body.data.list.map((row) => row.name)).toEqual(['VVS1', 'VVS2']);

      for (const hostile of [
        {},
        { filter: {} },
        { filter: { parentId: "' or 1=1 --" } },
        { filter: { parentId: mainId('COLOR'), code: 'x' } },
        { filter: { parentId: mainId('COLOR') }, sort: { 'name; drop table masters': 'asc' } },
        { filter: { parentId: mainId('COLOR') }, limit: 1_000_000 },
      ]) {
        const refused = await post(pathOf(LAYOUT_MASTER_ENDPOINTS.subMasters), hostile);
        expect(refused.status, JSON.stringify(hostile)).toBe(400);
        expect(refused.body.code).toBe('E_BAD_REQUEST');
      }
      expect((await post(pathOf(LAYOUT_MASTER_ENDPOINTS.mainMasters), { code: 'SHAPE' })).status).toBe(400);
    });

    it('creates at the spec path, upserts, lists, and refuses criteria of the wrong master', async () => {
      const created = await post(layoutMaster.create, {
        name: 'Round 1ct D-F',
        code: 'R1DF',
        shapeId: valueId('SHAPE', 'Round'),
        colorFromId: valueId('COLOR', 'D'),
        colorToId: valueId('COLOR', 'F'),
        clarityFromId: valueId('CLARITY', 'IF'),
        clarityToId: valueId('CLARITY', 'VS2'),
      });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      expect(created.body.data).toMatchObject({
        name: 'Round 1ct D-F',
        shapeTitle: 'Round',
        colorFromTitle: 'D',
        colorToTitle: 'F',
        clarityToTitle: 'VS2',
        isActive: true,
      });

      const upserted = await client().call(
        LAYOUT_MASTER_ENDPOINTS.upsert,
        { name: 'Fancy pairs', code: 'FPAIR' },
        { token },
      );
      expect(upserted.status, JSON.stringify(upserted.body)).toBe(200);
      const id = upserted.body.data.id;
      const renamed = await client().call(
        LAYOUT_MASTER_ENDPOINTS.upsert,
        { id, name: 'Fancy colour pairs' },
        { token },
      );
      expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
      expect(renamed.body.data).toMatchObject({ id, name: 'Fancy colour pairs', code: 'FPAIR' });
      const trail = await history(layoutMaster.history(id));
      expect(trail.map((entry) => entry.action)).toEqual(['layoutMaster.update', 'layoutMaster.create']);

      const missing = await client().call(
        LAYOUT_MASTER_ENDPOINTS.upsert,
        { description: 'no name' },
        { token },
      );
      expect(missing.status).toBe(400);
      expect(missing.body.errors?.map((error) => error.field).sort()).toEqual(['code', 'name']);
      const wrongMaster = await client().call(
        LAYOUT_MASTER_ENDPOINTS.upsert,
        {
          name: 'Wrong',
          code: 'WRONG',
          shapeId: valueId('COLOR', 'D'),
        },
        { token },
      );
      expect(wrongMaster.status).toBe(400);
      expect(wrongMaster.body.errors?.[0]?.field).toBe('shapeId');
      const duplicate = await client().call(
        LAYOUT_MASTER_ENDPOINTS.upsert,
        { name: 'Again', code: 'r1df' },
        { token },
      );
      expect(duplicate.status).toBe(409);

      const listed = await post<Page>(layoutMaster.paginate, { search: 'pairs' });
      expect(listed.body.data.list.map((row) => row.code)).toEqual(['FPAIR']);
    });
  });

  describe('layouts', () => {
    let masterId: string;
    let layoutId: string;

    beforeAll(async () => {
      const master = await client().call(
        LAYOUT_MASTER_ENDPOINTS.upsert,
        { name: 'Round 1-2ct', code: 'R12' },
        { token },
      );
      masterId = master.body.data.id;
    });

    it('creates a layout with its stones and answers its summary figures', async () => {
      const created = await client().call(
        LAYOUT_ENDPOINTS.create,
        {
          layoutNumber: 'L-100',
          name: 'Riviere D-F',
          layoutMasterId: masterId,
          remarks: 'For the Hong Kong show',
          stoneIds: [ids['LAY-3'], ids['LAY-1'], ids['LAY-2'], ids['LAY-1']],
        },
        { token },
      );
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      layoutId = created.body.data.id;
      const detail = await view(layoutId);
      // 7000 + 14400 + 22500 over a Rap value of 10000 + 18000 + 30000.
      expect(detail).toMatchObject({
        layoutNumber: 'L-100',
        name: 'Riviere D-F',
        layoutMasterId: masterId,
        layoutMasterTitle: 'Round 1-2ct',
        isActive: true,
        stoneCount: 3,
        carats: 4.5,
        amount: 43_900,
        averageDiscount: -24.31,
        averagePricePerCarat: 9755.56,
        colorRange: 'D-F',
        clarityRange: 'VVS2-VS2',
        sizeRange: '1.00-2.00',
      });
      expect(detail.stones.map((row) => row.stockNumber)).toEqual(['LAY-3', 'LAY-1', 'LAY-2']);
      expect(detail.stones[0]).toMatchObject({
        shapeTitle: 'Round',
        colorTitle: 'F',
        clarityTitle: 'VS2',
        carat: 2,
        rapPrice: 15_000,
        marketingBack: -25,
        marketingPricePerCarat: 11_250,
        amount: 22_500,
      });
      const trail = await history(pathOf(LAYOUT_ENDPOINTS.history, { id: layoutId }));
      expect(trail[0]).toMatchObject({
        action: 'layout.create',
        after: { layoutNumber: 'L-100', stones: ['LAY-3', 'LAY-1', 'LAY-2'] },
      });
    });

    it('lists layouts with their figures, filtered, sorted and searched by a stone', async () => {
      const small = await client().call(
        LAYOUT_ENDPOINTS.create,
        {
          layoutNumber: 'L-101',
          name: 'Small pair',
          stoneIds: [ids['LAY-5']],
        },
        { token },
      );
      expect(small.status, JSON.stringify(small.body)).toBe(200);
      const byAmount = await layoutList({ sort: { amount: 'desc' } });
      expect(byAmount.status).toBe(200);
      expect(byAmount.body.data.count).toBe(2);
      expect(byAmount.body.data.list.map((row) => [row.layoutNumber, row.stoneCount, row.amount])).toEqual([
        ['L-100', 3, 43_900],
        ['L-101', 1, 1200],
      ]);
      const heavy = await layoutList({ filter: { carats: { from: 1 } } });
      expect(heavy.body.data.list.map((row) => row.layoutNumber)).toEqual(['L-100']);
      expect(heavy.body.data.count).toBe(1);
      const ofMaster = await layoutList({ filter: { layoutMasterId: masterId } });
      expect(ofMaster.body.data.list.map((row) => row.layoutNumber)).toEqual(['L-100']);
      const withoutMaster = await layoutList({ filter: { layoutMasterId: null } });
      expect(withoutMaster.body.data.list.map((row) => row.layoutNumber)).toEqual(['L-101']);
      const byStone = await layoutList({ search: 'lay-2' });
      expect(byStone.body.data.list.map((row) => row.layoutNumber)).toEqual(['L-100']);

      const file = await fetch(`${server.url}/${pathOf(LAYOUT_ENDPOINTS.export)}`, {
        method: 'POST',
        headers: { authorization: `JWT ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ format: 'csv', sort: { layoutNumber: 'asc' } }),
      });
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      const lines = (await file.text())
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\n');
      expect(lines[0]).toContain('Layout #');
      expect(lines[0]).toContain('Amount');
      expect(lines[1]).toContain('L-100');
      expect(lines[1]).toContain('"USD 43,900.00"');
      expect(lines).toHaveLength(3);
    });

    it('keeps a stone in one layout and a layout number unique', async () => {
      const taken = await client().call(
        LAYOUT_ENDPOINTS.create,
        {
          layoutNumber: 'L-102',
          name: 'Taken',
          stoneIds: [ids['LAY-1']],
        },
        { token },
      );
      expect(taken.status).toBe(409);
      expect(taken.body.message).toBe('Stone LAY-1 is already in layout L-100.');
      const duplicate = await client().call(
        LAYOUT_ENDPOINTS.create,
        { layoutNumber: 'l-100', name: 'Same number' },
        { token },
      );
      expect(duplicate.status).toBe(409);
      expect(duplicate.body.errors?.[0]?.field).toBe('layoutNumber');
      const unknown = await client().call(
        LAYOUT_ENDPOINTS.create,
        {
          layoutNumber: 'L-103',
          name: 'Unknown stone',
          stoneIds: ['00000000-0000-4000-8000-000000000000'],
        },
        { token },
      );
      expect(unknown.status).toBe(400);
      expect(unknown.body.errors?.[0]?.field).toBe('stoneIds');
      expect((await layoutList()).body.data.count).toBe(2);
    });

    it('reprices every stone by a discount, in the stones and in the history', async () => {
      const repriced = await client().call(
        LAYOUT_ENDPOINTS.price,
        { id: layoutId, discount: -35 },
        { token },
      );
      expect(repriced.status, JSON.stringify(repriced.body)).toBe(200);
      expect(repriced.body.message).toBe('Layout repriced: 3 stones.');
      // 10000 × 0.65 × 1, 12000 × 0.65 × 1.5, 15000 × 0.65 × 2.
      expect(repriced.body.data).toMatchObject({
        stoneCount: 3,
        amount: 37_700,
        averageDiscount: -35,
        averagePricePerCarat: 8377.78,
      });
      const expected: [StockNumber, number, number][] = [
        ['LAY-1', 6500, 6500],
        ['LAY-2', 7800, 11_700],
        ['LAY-3', 9750, 19_500],
      ];
      for (const [stockNumber, pricePerCarat, amount] of expected) {
        expect(await stoneRecord(stockNumber), stockNumber).toMatchObject({
          marketingBack: -35,
          marketingPricePerCarat: pricePerCarat,
          amount,
        });
      }
      const stoneTrail = await history(stone.history(ids['LAY-2']));
      expect(stoneTrail[0]).toMatchObject({
        action: 'diamond.reprice',
        before: { marketingBack: -20, marketingPricePerCarat: 9600, amount: 14_400 },
        after: { marketingBack: -35, marketingPricePerCarat: 7800, amount: 11_700 },
      });
      const layoutTrail = await history(pathOf(LAYOUT_ENDPOINTS.history, { id: layoutId }));
      expect(layoutTrail[0]).toMatchObject({
        action: 'layout.reprice',
        before: { amount: 43_900, averageDiscount: -24.31 },
        after: { discount: -35, amount: 37_700, averageDiscount: -35, repricedStones: 3 },
      });
    });

    it('reprices every stone to one price per carat, deriving each discount from its Rap', async () => {
      const repriced = await client().call(
        LAYOUT_ENDPOINTS.price,
        { id: layoutId, pricePerCarat: 8000 },
        { token },
      );
      expect(repriced.status, JSON.stringify(repriced.body)).toBe(200);
      // 8000 + 12000 + 16000 over a Rap value of 58000.
      expect(repriced.body.data).toMatchObject({
        amount: 36_000,
        averagePricePerCarat: 8000,
        averageDiscount: -37.93,
      });
      const byStock = Object.fromEntries(repriced.body.data.stones.map((row) => [row.stockNumber, row]));
      expect(byStock['LAY-1']).toMatchObject({
        marketingPricePerCarat: 8000,
        marketingBack: -20,
        amount: 8000,
      });
      expect(byStock['LAY-2']).toMatchObject({
        marketingPricePerCarat: 8000,
        marketingBack: -33.33,
        amount: 12_000,
      });
      expect(byStock['LAY-3']).toMatchObject({
        marketingPricePerCarat: 8000,
        marketingBack: -46.67,
        amount: 16_000,
      });
      expect(await stoneRecord('LAY-3')).toMatchObject({ marketingBack: -46.67, amount: 16_000 });
    });

    it('refuses a discount for stones without a Rap price, naming them, and changes nothing', async () => {
      const created = await client().call(
        LAYOUT_ENDPOINTS.create,
        {
          layoutNumber: 'L-104',
          name: 'Mixed',
          stoneIds: [ids['LAY-4'], ids['LAY-6']],
        },
        { token },
      );
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      const id = created.body.data.id;
      const refused = await client().call(LAYOUT_ENDPOINTS.price, { id, discount: -15 }, { token });
      expect(refused.status).toBe(400);
      expect(refused.body.code).toBe('E_BAD_REQUEST');
      expect(refused.body.message).toContain('LAY-4');
      expect(refused.body.message).not.toContain('LAY-6');
      expect(await stoneRecord('LAY-6')).toMatchObject({ marketingBack: -10, amount: 90_000 });
      expect((await history(stone.history(ids['LAY-6']))).map((entry) => entry.action)).toEqual([
        'diamond.create',
      ]);
      // A price per carat prices them all, with no discount where there is no list price.
      const perCarat = await client().call(LAYOUT_ENDPOINTS.price, { id, pricePerCarat: 6000 }, { token });
      expect(perCarat.status, JSON.stringify(perCarat.body)).toBe(200);
      expect(await stoneRecord('LAY-4')).toMatchObject({
        marketingPricePerCarat: 6000,
        marketingBack: null,
        amount: 4800,
      });
      expect(await stoneRecord('LAY-6')).toMatchObject({ marketingBack: -94, amount: 6000 });
    });

    it('rolls the whole reprice back when one stone cannot take the price', async () => {
      const created = await client().call(
        LAYOUT_ENDPOINTS.create,
        {
          layoutNumber: 'L-105',
          name: 'Rollback',
          stoneIds: [ids['LAY-8'], ids['LAY-7']],
        },
        { token },
      );
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      const id = created.body.data.id;
      const before = await view(id);
      const stoneBefore = await stoneRecord('LAY-8');
      const trailBefore = await history(stone.history(ids['LAY-8']));
      // LAY-8 would take 220,000/ct; LAY-7 110,000,000/ct, above the highest price per carat.
      const refused = await client().call(LAYOUT_ENDPOINTS.price, { id, discount: 1000 }, { token });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toMatch(/^Stone LAY-7: /);
      expect(await view(id)).toEqual(before);
      expect(await stoneRecord('LAY-8')).toEqual(stoneBefore);
      expect(await history(stone.history(ids['LAY-8']))).toEqual(trailBefore);
      expect((await history(pathOf(LAYOUT_ENDPOINTS.history, { id }))).map((entry) => entry.action)).toEqual([
        'layout.create',
      ]);
    });

    it('updates the fields and the stones, and frees the stones of a deleted layout', async () => {
      const updated = await client().call(
        LAYOUT_ENDPOINTS.update,
        {
          name: 'Riviere D-E',
          stoneIds: [ids['LAY-1'], ids['LAY-2']],
        },
        { token, params: { id: layoutId } },
      );
      expect(updated.status, JSON.stringify(updated.body)).toBe(200);
      expect(updated.body.data).toMatchObject({ name: 'Riviere D-E', stoneCount: 2, amount: 20_000 });
      const trail = await history(pathOf(LAYOUT_ENDPOINTS.history, { id: layoutId }));
      expect(trail[0]).toMatchObject({
        action: 'layout.update',
        before: { name: 'Riviere D-F', stones: ['LAY-3', 'LAY-1', 'LAY-2'] },
        after: { name: 'Riviere D-E', stones: ['LAY-1', 'LAY-2'] },
      });
      // LAY-3 left the layout: another may take it.
      const other = await client().call(
        LAYOUT_ENDPOINTS.create,
        {
          layoutNumber: 'L-106',
          name: 'Single',
          stoneIds: [ids['LAY-3']],
        },
        { token },
      );
      expect(other.status, JSON.stringify(other.body)).toBe(200);

      // A stone taken out of stock leaves the figures.
      expect((await remove(stone.byId(ids['LAY-2']))).status).toBe(200);
      expect(await view(layoutId)).toMatchObject({ stoneCount: 1, amount: 8000 });

      expect(
        (await client().call(LAYOUT_ENDPOINTS.delete, undefined, { token, params: { id: layoutId } })).status,
      ).toBe(200);
      expect(
        (await client().call(LAYOUT_ENDPOINTS.view, undefined, { token, params: { id: layoutId } })).status,
      ).toBe(404);
      const reused = await client().call(
        LAYOUT_ENDPOINTS.create,
        {
          layoutNumber: 'L-100',
          name: 'Number and stone reused',
          stoneIds: [ids['LAY-1']],
        },
        { token },
      );
      expect(reused.status, JSON.stringify(reused.body)).toBe(200);
      expect((await history(pathOf(LAYOUT_ENDPOINTS.history, { id: layoutId })))[0]).toMatchObject({
        action: 'layout.delete',
        before: { layoutNumber: 'L-100', stones: ['LAY-1'] },
        after: null,
      });
    });

    it('refuses hostile bodies with E_BAD_REQUEST and changes nothing', async () => {
      const target = (await layoutList({ filter: { layoutMasterId: null }, sort: { layoutNumber: 'asc' } }))
        .body.data.list[0] as LayoutRecord;
      const listBefore = (await layoutList({ limit: 500 })).body.data;
      const viewBefore = await view(target.id);
      const trailBefore = await history(pathOf(LAYOUT_ENDPOINTS.history, { id: target.id }));
      const stoneId = viewBefore.stones[0]?.id as string;
      const cases: [string, string, unknown][] = [
        ['POST', pathOf(LAYOUT_ENDPOINTS.paginate), { filter: { 'name; drop table layouts': 'x' } }],
        ['POST', pathOf(LAYOUT_ENDPOINTS.paginate), { filter: { layoutMasterId: "' or 1=1 --" } }],
        ['POST', pathOf(LAYOUT_ENDPOINTS.paginate), { filter: { isActive: 'maybe' } }],
        ['POST', pathOf(LAYOUT_ENDPOINTS.paginate), { filter: { carats: { from: 3, to: 1 } } }],
        ['POST', pathOf(LAYOUT_ENDPOINTS.paginate), { sort: { 'amount desc; delete from layouts': 'asc' } }],
        ['POST', pathOf(LAYOUT_ENDPOINTS.paginate), { sort: { amount: 'sideways' } }],
        ['POST', pathOf(LAYOUT_ENDPOINTS.paginate), { limit: 1_000_000 }],
        ['POST', pathOf(LAYOUT_ENDPOINTS.paginate), { search: { $ne: null } }],
        ['POST', pathOf(LAYOUT_ENDPOINTS.create), { name: 'No number' }],
        ['POST', pathOf(LAYOUT_ENDPOINTS.create), { layoutNumber: { $gt: '' }, name: 'Object' }],
        ['POST', pathOf(LAYOUT_ENDPOINTS.create), { layoutNumber: 'L-900', name: 'Ids', stoneIds: 'all' }],
        [
          'POST',
          pathOf(LAYOUT_ENDPOINTS.create),
          { layoutNumber: 'L-901', name: 'Ids', stoneIds: ["' or 1=1"] },
        ],
        ['POST', pathOf(LAYOUT_ENDPOINTS.create), { layoutNumber: 'L-902', name: 'Sum', amount: 1 }],
        [
          'POST',
          pathOf(LAYOUT_ENDPOINTS.create),
          { layoutNumber: 'L-903', name: 'Master', layoutMasterId: 'x' },
        ],
        ['PUT', pathOf(LAYOUT_ENDPOINTS.update, { id: target.id }), { stoneCount: 0 }],
        ['PUT', pathOf(LAYOUT_ENDPOINTS.update, { id: target.id }), { name: '' }],
        ['PUT', pathOf(LAYOUT_ENDPOINTS.update, { id: target.id }), { stoneIds: [stoneId, 42] }],
        ['POST', pathOf(LAYOUT_ENDPOINTS.price), { id: target.id }],
        ['POST', pathOf(LAYOUT_ENDPOINTS.price), { id: target.id, discount: -10, pricePerCarat: 5000 }],
        ['POST', pathOf(LAYOUT_ENDPOINTS.price), { id: target.id, discount: '-10' }],
        ['POST', pathOf(LAYOUT_ENDPOINTS.price), { id: target.id, discount: -100 }],
        ['POST', pathOf(LAYOUT_ENDPOINTS.price), { id: target.id, pricePerCarat: 0 }],
        ['POST', pathOf(LAYOUT_ENDPOINTS.price), { id: target.id, discount: -10, stoneIds: [stoneId] }],
        ['POST', pathOf(LAYOUT_ENDPOINTS.price), { id: 'L-101', discount: -10 }],
        ['POST', pathOf(LAYOUT_ENDPOINTS.price), [{ id: target.id, discount: -10 }]],
      ];
      for (const [method, path, body] of cases) {
        const response = await server.client().request(method, path, { body, token });
        expect(response.status, `${method} ${path} ${JSON.stringify(body)}`).toBe(400);
        expect(response.body.code).toBe('E_BAD_REQUEST');
      }
      expect((await layoutList({ limit: 500 })).body.data).toEqual(listBefore);
      expect(await view(target.id)).toEqual(viewBefore);
      expect(await history(pathOf(LAYOUT_ENDPOINTS.history, { id: target.id }))).toEqual(trailBefore);
    });

    it('refuses users without CertLayout, and lets each action through its own flag', async () => {
      const { token: banner } = await userWithRole(server, token, USER_TYPES.EMPLOYEE, 'admin', [
        { id: BANNER, permissions: ALL },
      ]);
      const target = (await layoutList()).body.data.list[0] as LayoutRecord;
      const refusals: [string, string, unknown][] = [
        ['POST', pathOf(LAYOUT_ENDPOINTS.paginate), {}],
        ['GET', pathOf(LAYOUT_ENDPOINTS.view, { id: target.id }), undefined],
        ['POST', pathOf(LAYOUT_ENDPOINTS.create), { layoutNumber: 'L-990', name: 'Not allowed' }],
        ['PUT', pathOf(LAYOUT_ENDPOINTS.update, { id: target.id }), { name: 'Not allowed' }],
        ['POST', pathOf(LAYOUT_ENDPOINTS.price), { id: target.id, discount: -50 }],
        ['DELETE', pathOf(LAYOUT_ENDPOINTS.delete, { id: target.id }), undefined],
        ['POST', pathOf(LAYOUT_ENDPOINTS.export), { format: 'csv' }],
        ['POST', pathOf(LAYOUT_MASTER_ENDPOINTS.mainMasters), {}],
        ['POST', pathOf(LAYOUT_MASTER_ENDPOINTS.subMasters), { filter: { parentId: mainId('COLOR') } }],
        ['POST', pathOf(LAYOUT_MASTER_ENDPOINTS.upsert), { name: 'Not allowed', code: 'NA' }],
        ['POST', layoutMaster.create, { name: 'Not allowed', code: 'NA' }],
      ];
      for (const [method, path, body] of refusals) {
        const response = await server.client().request(method, path, { body, token: banner });
        expect(response.status, `${method} ${path}`).toBe(403);
        expect(response.body.code).toBe('E_FORBIDDEN');
      }

      const { token: viewer } = await userWithRole(server, token, USER_TYPES.EMPLOYEE, 'admin', [
        { id: CERT_LAYOUT, permissions: { view: true } },
      ]);
      expect((await client().call(LAYOUT_ENDPOINTS.paginate, {}, { token: viewer })).status).toBe(200);
      expect(
        (await client().call(LAYOUT_ENDPOINTS.view, undefined, { token: viewer, params: { id: target.id } }))
          .status,
      ).toBe(200);
      expect((await client().call(LAYOUT_MASTER_ENDPOINTS.mainMasters, {}, { token: viewer })).status).toBe(
        200,
      );
      expect(
        (await client().call(LAYOUT_ENDPOINTS.price, { id: target.id, discount: -50 }, { token: viewer }))
          .status,
      ).toBe(403);
      expect(
        (
          await client().call(
            LAYOUT_ENDPOINTS.create,
            { layoutNumber: 'L-991', name: 'No' },
            { token: viewer },
          )
        ).status,
      ).toBe(403);

      const { token: adder } = await userWithRole(server, token, USER_TYPES.EMPLOYEE, 'admin', [
        { id: CERT_LAYOUT, permissions: { view: true, insert: true } },
      ]);
      const added = await client().call(
        LAYOUT_MASTER_ENDPOINTS.upsert,
        { name: 'Added', code: 'ADDED' },
        { token: adder },
      );
      expect(added.status).toBe(200);
      // Adding does not allow changing: an upsert naming a layout master needs update.
      const changed = await client().call(
        LAYOUT_MASTER_ENDPOINTS.upsert,
        { id: added.body.data.id, name: 'Changed' },
        { token: adder },
      );
      expect(changed.status).toBe(403);
      expect((await view(target.id)).stoneCount).toBe(target.stoneCount);
    });
  });
});

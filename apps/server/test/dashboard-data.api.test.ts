import {
  APPOINTMENT_ENDPOINTS,
  accountResource,
  contactUsResource,
  DASHBOARD_ENDPOINTS,
  DASHBOARD_TILES,
  type DashboardData,
  PARCEL_ORDER_ENDPOINTS,
  resourceEndpoints,
  STOCK_SUMMARY_ENDPOINTS,
  stoneResource,
  TRACK_TYPES,
  USER_TYPES,
} from '@facet/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AppContext } from '../src/app-context.ts';
import { dashboardData } from '../src/dashboard/dashboard-data.ts';
import { seedDemo } from '../src/seeds/demo/demo-seed.ts';
import { databaseAvailable, startServer, type TestServer } from './harness.ts';
import { adminToken } from './sign-in.ts';
import { userWithRole } from './user-admin.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const utcDay = (offset = 0) => new Date(Date.now() + offset * DAY_MS).toISOString().slice(0, 10);
const VIEW = { view: true };

/** The dashboard on the demo data: who sees which tile, and figures that are the counts of their lists. */
describe.skipIf(!(await databaseAvailable()))('the dashboard', () => {
  let server: TestServer;
  let admin: string;
  let data: DashboardData;

  const tileOf = (key: string) => {
    const tile = data.tiles.find((candidate) => candidate.key === key);
    if (!tile) throw new Error(`no ${key} tile`);
    return tile;
  };
  const figureOf = (tile: string, key: string) => {
    const figure = tileOf(tile).figures.find((candidate) => candidate.key === key);
    if (!figure) throw new Error(`no ${tile}.${key} figure`);
    return figure;
  };
  const countOf = async <E extends Parameters<ReturnType<TestServer['client']>['call']>[0]>(
    endpoint: E,
    body: unknown,
  ) => {
    const page = await server.client().call(endpoint, body as never, { token: admin });
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    return (page.body.data as { count: number }).count;
  };

  beforeAll(async () => {
    server = await startServer({}, { seed: { referenceData: true } });
    const seeded = await seedDemo(server.database.db, { dataDir: server.dataDir });
    expect(seeded.status).toBe('seeded');
    admin = await adminToken(server, server.client());
    const answer = await server
      .client()
      .call(DASHBOARD_ENDPOINTS.data, { timeZone: 'UTC' }, { token: admin });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    data = answer.body.data;
  }, 600_000);

  afterAll(async () => {
    await server?.close();
  });

  it('shows a super admin every tile, in order, none failed', () => {
    expect(data.tiles.map((tile) => tile.key)).toEqual(DASHBOARD_TILES.map((tile) => tile.key));
    expect(data.tiles.filter((tile) => tile.failed)).toEqual([]);
    expect(figureOf('stock', 'stones').value).toBeGreaterThan(0);
  });

  it('counts what the lists it links to count, filtered alike', async () => {
    const stones = resourceEndpoints(stoneResource).paginate;
    const stock = await server.client().call(stones, { page: 1, limit: 1 }, { token: admin });
    expect(figureOf('stock', 'stones')).toMatchObject({ value: stock.body.data.count, link: 'stock' });
    expect(figureOf('stock', 'carats').value).toBe(stock.body.data.totals?.carats);
    expect(figureOf('stock', 'amount').value).toBe(stock.body.data.totals?.amount);
    const arrivals = figureOf('stock', 'new-arrivals');
    expect(arrivals.link).toBe('stock?newArrivals=7');
    expect(arrivals.value).toBe(
      await countOf(stones, { page: 1, limit: 1, filter: { marketingIssueDate: { from: utcDay(-7) } } }),
    );
    const byShape = tileOf('stock').breakdowns.find((breakdown) => breakdown.key === 'shapeId');
    const shape = byShape?.figures.find((figure) => figure.link !== null);
    if (!shape?.link) throw new Error('no shape figure');
    const shapeId = new URLSearchParams(shape.link.split('?')[1]).get('shapeId');
    expect(shape.value).toBe(await countOf(stones, { page: 1, limit: 1, filter: { shapeId } }));

    const pending = figureOf('parcel-orders', 'pending');
    expect(pending.link).toBe('parcel/order?status=1');
    expect(pending.value).toBe(
      await countOf(PARCEL_ORDER_ENDPOINTS.paginate, { page: 1, limit: 1, filter: { status: 1 } }),
    );

    const toApprove = figureOf('kyc', 'to-approve');
    expect(toApprove.link).toBe('account?isApproved=false');
    expect(toApprove.value).toBe(
      await countOf(resourceEndpoints(accountResource).paginate, {
        page: 1,
        limit: 1,
        filter: { isApproved: false },
      }),
    );

    const contacts = figureOf('waiting', 'open-contacts');
    expect(contacts.link).toBe('contact?isResolved=false');
    expect(contacts.value).toBe(
      await countOf(resourceEndpoints(contactUsResource).paginate, {
        page: 1,
        limit: 1,
        filter: { type: 'contact', isResolved: false },
      }),
    );

    const carts = figureOf('activity', 'carts');
    expect(carts.link).toBe(`cart?createdAt=${utcDay()}~${utcDay()}`);
    expect(carts.value).toBe(
      await countOf(STOCK_SUMMARY_ENDPOINTS.trackPaginate, {
        page: 1,
        limit: 1,
        filter: { trackType: TRACK_TYPES.cart, createdAt: { from: utcDay(), to: utcDay() } },
      }),
    );
    expect(carts.previous).toBe(
      await countOf(STOCK_SUMMARY_ENDPOINTS.trackPaginate, {
        page: 1,
        limit: 1,
        filter: { trackType: TRACK_TYPES.cart, createdAt: { from: utcDay(-7), to: utcDay(-7) } },
      }),
    );

    const later = figureOf('appointments', 'to-approve');
    expect(later.value).toBe(
      await countOf(APPOINTMENT_ENDPOINTS.paginate, { page: 1, limit: 1, filter: { status: 1 } }),
    );
    expect(tileOf('sync').items.length).toBeGreaterThan(0);
  });

  it('shows a user only the tiles of their modules, and refuses a user without Login', async () => {
    const stockReader = await userWithRole(server, admin, USER_TYPES.EMPLOYEE, 'admin', [
      { id: 1, permissions: VIEW },
      { id: 24, permissions: VIEW },
    ]);
    const theirs = await server.client().call(DASHBOARD_ENDPOINTS.data, {}, { token: stockReader.token });
    expect(theirs.status).toBe(200);
    expect(theirs.body.data.tiles.map((tile) => tile.key)).toEqual(['stock']);

    const noLogin = await userWithRole(server, admin, USER_TYPES.EMPLOYEE, 'admin', [
      { id: 24, permissions: VIEW },
    ]);
    const refused = await server.client().call(DASHBOARD_ENDPOINTS.data, {}, { token: noLogin.token });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('E_FORBIDDEN');
  });

  it('refuses an unknown time zone on its field', async () => {
    const wrong = await server
      .client()
      .call(DASHBOARD_ENDPOINTS.data, { timeZone: 'Mars/Olympus' }, { token: admin });
    expect(wrong.status).toBe(400);
    expect(JSON.stringify(wrong.body)).toContain('timeZone');
  });

  it('answers the other tiles when one reader fails, and marks that one', async () => {
    const error = vi.fn();
    const ctx = {
      log: { error },
      dashboardTiles: new Map([
        ['stock', async () => Promise.reject(new Error('planted'))],
        ['sync', async () => ({ figures: [], breakdowns: [], items: [] })],
      ]),
    } as unknown as AppContext;
    const answer = await dashboardData(
      ctx,
      { type: USER_TYPES.SUPER_ADMIN, permissions: [] },
      'Asia/Kolkata',
    );
    expect(answer.tiles.map((tile) => [tile.key, tile.failed ?? false])).toEqual([
      ['stock', true],
      ['sync', false],
    ]);
    expect(error).toHaveBeenCalledOnce();
  });
});

import {
  APPOINTMENT_ENDPOINTS,
  accountResource,
  bannerResource,
  contactUsResource,
  DASHBOARD_ENDPOINTS,
  type DashboardData,
  type DashboardFigure,
  DIAMOND_COMMENT_ENDPOINTS,
  instantAt,
  lastSyncResource,
  PARCEL_ORDER_ENDPOINTS,
  resourceEndpoints,
  STOCK_SUMMARY_ENDPOINTS,
  STOCK_SUMMARY_MESSAGES,
  STONE_BLOCK_KINDS,
  stoneResource,
  TRACK_TYPES,
  wallClockOf,
} from '@facet/contract';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { diamondComments } from '../src/diamond-comments/diamond-comment-table.ts';
import { seedDemo } from '../src/seeds/demo/demo-seed.ts';
import { diamondTracks, stoneBlocks, stoneDemands } from '../src/stock-summary/stock-summary-tables.ts';
import { databaseAvailable, startServer, type TestServer } from './harness.ts';
import { adminToken } from './sign-in.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** A reader a day ahead of UTC for most of it, and one behind. */
const ZONES = ['Pacific/Kiritimati', 'America/Los_Angeles'] as const;

type Kind = 'string' | 'number' | 'numbers' | 'boolean' | 'dateRange';
type Endpoint = Parameters<ReturnType<TestServer['client']>['call']>[0];

/** A list the panel opens: the endpoint it asks, how it reads its address, what it always adds. */
interface ListOfRoute {
  endpoint: Endpoint;
  kinds: Readonly<Record<string, Kind>>;
  fixed?: Record<string, unknown>;
  /** The list sends the reader's zone, in which its days are read. */
  zoned?: boolean;
}

const ACTIVITY_KINDS = { createdAt: 'dateRange', replied: 'boolean', offerStatus: 'numbers' } as const;
const trackList = (trackType: number): ListOfRoute => ({
  endpoint: STOCK_SUMMARY_ENDPOINTS.trackPaginate,
  kinds: ACTIVITY_KINDS,
  fixed: { trackType },
  zoned: true,
});
const contactList = (type: string): ListOfRoute => ({
  endpoint: resourceEndpoints(contactUsResource).paginate,
  kinds: { isResolved: 'boolean' },
  fixed: { type },
});

/** Each route a figure links to, with the filters the panel's list reads from its address. */
const LISTS: Readonly<Record<string, ListOfRoute>> = {
  stock: {
    endpoint: resourceEndpoints(stoneResource).paginate,
    kinds: { shapeId: 'string', colorId: 'string', clarityId: 'string', newArrivals: 'number' },
  },
  cart: trackList(TRACK_TYPES.cart),
  enquiry: trackList(TRACK_TYPES.enquiry),
  offer: trackList(TRACK_TYPES.offer),
  hold: {
    endpoint: STOCK_SUMMARY_ENDPOINTS.blockPaginate,
    kinds: {
      live: 'boolean',
      kind: 'numbers',
      state: 'numbers',
      createdAt: 'dateRange',
      endsWithin: 'number',
    },
    zoned: true,
  },
  demand: {
    endpoint: STOCK_SUMMARY_ENDPOINTS.demandDetails,
    kinds: { live: 'boolean', matched: 'boolean', expiresAt: 'dateRange' },
    zoned: true,
  },
  comment: {
    endpoint: DIAMOND_COMMENT_ENDPOINTS.byUser,
    kinds: { createdAt: 'dateRange' },
    zoned: true,
  },
  account: { endpoint: resourceEndpoints(accountResource).paginate, kinds: { isApproved: 'boolean' } },
  'appointment-list': {
    endpoint: APPOINTMENT_ENDPOINTS.paginate,
    kinds: { status: 'numbers', startsAt: 'dateRange' },
  },
  'parcel/order': { endpoint: PARCEL_ORDER_ENDPOINTS.paginate, kinds: { status: 'numbers' } },
  'sync-setting': { endpoint: resourceEndpoints(lastSyncResource).paginate, kinds: { lastStatus: 'string' } },
  banner: {
    endpoint: resourceEndpoints(bannerResource).paginate,
    kinds: { isActive: 'boolean', toDate: 'dateRange' },
    zoned: true,
  },
  contact: contactList('contact'),
  suggestion: contactList('suggestion'),
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** One address value as the panel's lists read it (platform/lists/list-params.ts); undefined is dropped. */
function addressValue(values: string[], kind: Kind): unknown {
  const present = values.filter((value) => value !== '');
  if (present.length === 0) return undefined;
  if (kind === 'string') return present[0];
  if (kind === 'number') return Number(present[0]);
  if (kind === 'numbers') return present.map(Number);
  if (kind === 'boolean') return present[0] === 'true';
  const [from, to] = (present[0] as string).split('~');
  return {
    ...(from && DAY.test(from) ? { from } : {}),
    ...(to && DAY.test(to) ? { to } : {}),
  };
}

const dayAfter = (date: string, days: number) =>
  new Date(Date.parse(date) + days * DAY_MS).toISOString().slice(0, 10);

/**
 * The request a figure's link makes, as the panel's screen sends it for a reader in `zone`: the stock's
 * arrivals from the reader's date back, the appointments' days as the instants they span there.
 */
function requestOf(link: string, zone: string) {
  const [route = '', query = ''] = link.split('?');
  const list = LISTS[route];
  if (!list) throw new Error(`no list known for the link ${link}`);
  const params = new URLSearchParams(query);
  const known = new Set([...Object.keys(list.kinds), 'order']);
  const unread = [...params.keys()].filter((key) => !known.has(key));
  // A filter the list does not read would be dropped by the panel: the list would show more.
  expect(unread, link).toEqual([]);
  const filter: Record<string, unknown> = { ...list.fixed };
  for (const [key, kind] of Object.entries(list.kinds)) {
    const value = addressValue(params.getAll(key), kind);
    if (value === undefined) continue;
    expect(JSON.stringify(value), `${link}: ${key}`).not.toContain('null');
    filter[key] = value;
  }
  if (route === 'stock' && typeof filter.newArrivals === 'number') {
    const today = wallClockOf(new Date(), zone).date;
    filter.marketingIssueDate = { from: dayAfter(today, -filter.newArrivals) };
    delete filter.newArrivals;
  }
  if (route === 'appointment-list' && filter.startsAt) {
    const { from, to } = filter.startsAt as { from: string; to: string };
    filter.startsAt = {
      from: instantAt(from, 0, zone).toISOString(),
      to: new Date(instantAt(dayAfter(to, 1), 0, zone).getTime() - 1).toISOString(),
    };
  }
  return {
    endpoint: list.endpoint,
    body: { page: 1, limit: 1, filter, ...(list.zoned ? { timeZone: zone } : {}) },
  };
}

/**
 * Every figure of the dashboard that opens a list, followed to that list with the filters of its
 * address, as the panel's list sends them for the same reader: the list's total is the figure.
 */
describe.skipIf(!(await databaseAvailable()))('the dashboard figures and the lists they open', () => {
  let server: TestServer;
  let admin: string;

  const dashboardIn = async (timeZone: string) => {
    const answer = await server.client().call(DASHBOARD_ENDPOINTS.data, { timeZone }, { token: admin });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.data as DashboardData;
  };
  const listTotal = async (link: string, zone: string) => {
    const { endpoint, body } = requestOf(link, zone);
    const page = await server.client().call(endpoint, body as never, { token: admin });
    expect(page.status, `${link}: ${JSON.stringify(page.body)}`).toBe(200);
    return page.body.data as { count: number; totals?: Record<string, number | null> };
  };
  const figuresOf = (data: DashboardData) =>
    data.tiles.flatMap((tile) =>
      [...tile.figures, ...tile.breakdowns.flatMap((breakdown) => breakdown.figures)].map((figure) => ({
        name: `${tile.key}.${figure.key}`,
        figure,
      })),
    );

  /**
   * Moves a row of each day-counted kind to the first minute of the reader's today in `zone` (the day
   * before in UTC for a reader ahead of it), and has a demand matched.
   */
  const atStartOfToday = async (zone: string) => {
    const db = server.database.db;
    const start = new Date(instantAt(wallClockOf(new Date(), zone).date, 0, zone).getTime() + 60_000);
    const [cart] = await db
      .select({ id: diamondTracks.id })
      .from(diamondTracks)
      .where(and(eq(diamondTracks.trackType, TRACK_TYPES.cart), isNull(diamondTracks.deletedAt)))
      .limit(1);
    const [hold] = await db
      .select({ id: stoneBlocks.id })
      .from(stoneBlocks)
      .where(eq(stoneBlocks.kind, STONE_BLOCK_KINDS.hold))
      .limit(1);
    const [comment] = await db
      .select({ id: diamondComments.id })
      .from(diamondComments)
      .where(isNull(diamondComments.deletedAt))
      .limit(1);
    if (!cart || !hold || !comment) throw new Error('the demo data holds no cart, hold or comment');
    await db.update(diamondTracks).set({ createdAt: start }).where(eq(diamondTracks.id, cart.id));
    await db.update(stoneBlocks).set({ createdAt: start }).where(eq(stoneBlocks.id, hold.id));
    await db.update(diamondComments).set({ createdAt: start }).where(eq(diamondComments.id, comment.id));
    // A live demand matched by stones, as the demand job would have counted them.
    const [demand] = await db
      .select({ id: stoneDemands.id })
      .from(stoneDemands)
      .where(and(isNull(stoneDemands.deletedAt), gt(stoneDemands.expiresAt, new Date())))
      .limit(1);
    if (!demand) throw new Error('the demo data holds no live demand');
    await db.update(stoneDemands).set({ lastMatchCount: 3 }).where(eq(stoneDemands.id, demand.id));
  };

  beforeAll(async () => {
    // No background job changes a list between the dashboard's read and the list's (the demand job
    // recounts matches, another lapses holds): the rows stay as seeded and arranged here.
    server = await startServer({ JOBS_INTERVAL_SECONDS: '3600' }, { seed: { referenceData: true } });
    const seeded = await seedDemo(server.database.db, { dataDir: server.dataDir });
    expect(seeded.status).toBe('seeded');
    admin = await adminToken(server, server.client());
  }, 600_000);

  afterAll(async () => {
    await server?.close();
  });

  for (const zone of ZONES) {
    it(`opens, for a reader in ${zone}, a list whose total is each figure`, async () => {
      await atStartOfToday(zone);
      const data = await dashboardIn(zone);
      expect(data.tiles.filter((tile) => tile.failed)).toEqual([]);
      const linked = figuresOf(data).filter(({ figure }) => figure.link !== null);
      const checked: string[] = [];
      for (const { name, figure } of linked) {
        const link = figure.link as string;
        const page = await listTotal(link, zone);
        if (figure.display === 'count') {
          expect(figure.value, `${name} → ${link}`).toBe(page.count);
        } else {
          // Carats, value and average discount: the totals the stock list shows above its rows.
          expect(figure.value, `${name} → ${link}`).toBe(page.totals?.[figure.key] ?? null);
        }
        checked.push(name);
      }
      // Every tile's figures are followed, day-counted ones included.
      expect(checked).toEqual(
        expect.arrayContaining([
          'stock.stones',
          'stock.new-arrivals',
          'activity.carts',
          'activity.holds',
          'activity.offers-to-answer',
          'enquiries.enquiries-to-answer',
          'holds.lapsing',
          'demand.matched',
          'demand.expiring',
          'comments.today',
          'kyc.to-approve',
          'appointments.today',
          'appointments.tomorrow',
          'parcel-orders.pending',
          'sync.failed',
          'waiting.open-contacts',
        ]),
      );
      const cartsToday = linked.find(({ name }) => name === 'activity.carts')?.figure as DashboardFigure;
      expect(cartsToday.value).toBeGreaterThanOrEqual(1);
      const commentsToday = linked.find(({ name }) => name === 'comments.today')?.figure as DashboardFigure;
      expect(commentsToday.value).toBeGreaterThanOrEqual(1);
      const matched = linked.find(({ name }) => name === 'demand.matched')?.figure as DashboardFigure;
      expect(matched.value).toBeGreaterThanOrEqual(1);
    });

    it(`compares with the list of the same weekday a week before, for a reader in ${zone}`, async () => {
      const data = await dashboardIn(zone);
      const lastWeek = dayAfter(wallClockOf(new Date(), zone).date, -7);
      const compared = figuresOf(data).filter(({ figure }) => figure.previous !== undefined);
      expect(compared.map(({ name }) => name)).toEqual(
        expect.arrayContaining(['activity.carts', 'activity.holds', 'comments.today']),
      );
      for (const { name, figure } of compared) {
        const link = (figure.link as string).replace(
          /\d{4}-\d{2}-\d{2}~\d{4}-\d{2}-\d{2}/,
          `${lastWeek}~${lastWeek}`,
        );
        expect(figure.previous, `${name} → ${link}`).toBe((await listTotal(link, zone)).count);
      }
    });
  }

  it('refuses a zone or an end the lists cannot read, on their fields', async () => {
    const client = server.client();
    const zone = await client.call(
      STOCK_SUMMARY_ENDPOINTS.trackPaginate,
      { page: 1, limit: 1, filter: { createdAt: { from: '2026-11-28' } }, timeZone: 'Mars/Olympus' },
      { token: admin },
    );
    expect(zone.status).toBe(400);
    expect(JSON.stringify(zone.body)).toContain('timeZone');
    for (const endsWithin of [0, 1.5, 24 * 365]) {
      const ends = await client.call(
        STOCK_SUMMARY_ENDPOINTS.blockPaginate,
        { page: 1, limit: 1, filter: { endsWithin } },
        { token: admin },
      );
      expect(ends.status).toBe(400);
      expect(JSON.stringify(ends.body)).toContain(STOCK_SUMMARY_MESSAGES.endsWithinInvalid);
    }
  });

  it('links only figures a list can show, and says which stay unlinked', async () => {
    const data = await dashboardIn('UTC');
    const unlinked = figuresOf(data)
      .filter(({ figure }) => figure.link === null)
      .map(({ name }) => name);
    // Companies by their documents, distinct stones and customers, and stones with no grade: no list
    // counts those one a row (docs/dashboard.md).
    expect(unlinked.filter((name) => !/^stock\.(none)$/.test(name)).sort()).toEqual(
      ['comments.customers', 'comments.stones', 'demand.customers', 'kyc.kyc'].sort(),
    );
  });
});

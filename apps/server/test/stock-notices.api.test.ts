import {
  type BodyIn,
  CUSTOMER_ACTIVITY_ENDPOINTS as C,
  type EndpointSpec,
  NOTIFICATION_ENDPOINTS,
  type NotificationAction,
  type ResourceRecord,
  resourcePaths,
  stoneResource,
  type UserRecord,
} from '@facet/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobMarks } from '../src/db/job-marks-table.ts';
import { stones as stoneTable } from '../src/db/resource-tables.ts';
import { ARRIVALS_MARK } from '../src/stock-summary/arrival-job.ts';
import { stoneDemandMatches } from '../src/stock-summary/stock-summary-tables.ts';
import { companyViaApi, customerViaApi } from './customers.ts';
import { eventually, hoursFromNow } from './eventually.ts';
import { databaseAvailable, startServer, type TestServer } from './harness.ts';
import { adminToken } from './sign-in.ts';
import { createStones, gradeIds } from './test-stones.ts';
import { uploadStones } from './upload-stones.ts';

const LISTS = ['cart', 'watchlist', 'demand'] as const;
const soon = hoursFromNow;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What the stock-notice jobs tell customers (price changes, new arrivals, demands), through HTTP. */
describe.skipIf(!(await databaseAvailable()))('stock notices', () => {
  let server: TestServer;
  let staff: string;
  let anna: { user: UserRecord; token: string };
  let bram: { user: UserRecord; token: string };
  let cleo: { user: UserRecord; token: string };
  let idle: { user: UserRecord; token: string };
  let pending: { user: UserRecord; token: string };
  let stones: ResourceRecord[];
  const call = <E extends EndpointSpec>(endpoint: E, body: BodyIn<E>, token = staff) =>
    server.client().call(endpoint, body, { token });
  const notices = async (action: NotificationAction, token: string) =>
    (await call(NOTIFICATION_ENDPOINTS.paginate, { filter: { action } }, token)).body.data.list;
  const reprice = async (stone: ResourceRecord, marketingBack: number) => {
    const response = await server
      .client()
      .request('PUT', resourcePaths(stoneResource).byId(stone.id as string), {
        body: { marketingBack },
        token: staff,
      });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
  };

  beforeAll(async () => {
    server = await startServer({ JOBS_INTERVAL_SECONDS: '0.3' }, { seed: { referenceData: true } });
    staff = await adminToken(server, server.client());
    const company = await companyViaApi(server, staff, 'Antwerp Brilliants');
    const other = await companyViaApi(server, staff, 'Ramat Gems');
    const unapproved = await companyViaApi(server, staff, 'Not Yet Ltd', { approved: false });
    anna = await customerViaApi(server, staff, company.id as string, LISTS);
    bram = await customerViaApi(server, staff, other.id as string, LISTS);
    cleo = await customerViaApi(server, staff, other.id as string, LISTS);
    idle = await customerViaApi(server, staff, company.id as string, LISTS);
    pending = await customerViaApi(server, staff, unapproved.id as string, LISTS);
    stones = await createStones(server.client(), staff, [
      {
        stockNumber: 'PC-1',
        carat: 1.01,
        shape: 'Round',
        color: 'F',
        clarity: 'VS2',
        rapPrice: 10000,
        discount: -20,
      },
      {
        stockNumber: 'PC-2',
        carat: 2.02,
        shape: 'Cushion',
        color: 'H',
        clarity: 'SI1',
        rapPrice: 8000,
        discount: -30,
      },
      {
        stockNumber: 'PC-3',
        carat: 0.5,
        shape: 'Round',
        color: 'D',
        clarity: 'IF',
        rapPrice: 6000,
        discount: -10,
      },
    ]);
  });
  afterAll(async () => {
    await server?.close();
  });

  const stone = (index: number) => stones[index] as ResourceRecord;

  it('tells the customers with a stone in their cart or watchlist of each change of its price, once', async () => {
    expect(
      (await call(C.trackAdd, { list: 'cart', stoneIds: [stone(0).id as string] }, anna.token)).status,
    ).toBe(200);
    expect(
      (
        await call(
          C.trackAdd,
          { list: 'watchlist', stoneIds: [stone(0).id, stone(1).id] as string[] },
          bram.token,
        )
      ).status,
    ).toBe(200);
    // Removed from the cart: no longer told.
    expect(
      (await call(C.trackAdd, { list: 'cart', stoneIds: [stone(0).id as string] }, idle.token)).status,
    ).toBe(200);
    expect(
      (await call(C.trackRemove, { list: 'cart', stoneIds: [stone(0).id as string] }, idle.token)).status,
    ).toBe(200);
    // Nothing changed price yet: nothing told.
    await pause(1000);
    expect(await notices('price-change', anna.token)).toHaveLength(0);

    await reprice(stone(0), -25);
    const first = await eventually(
      () => notices('price-change', anna.token),
      (list) => list.length > 0,
    );
    expect(first.map((row) => [row.title, row.message])).toEqual([
      ['Price changed: PC-1', 'The price of PC-1 changed from USD 8,000.00 to USD 7,500.00 per carat.'],
    ]);
    const bramTold = await eventually(
      () => notices('price-change', bram.token),
      (list) => list.length > 0,
    );
    expect(bramTold.map((row) => row.message)).toEqual([
      'The price of PC-1 changed from USD 8,000.00 to USD 7,500.00 per carat.',
    ]);
    // Told once: later runs find nothing new; those without the stone hear nothing.
    await pause(1000);
    expect(await notices('price-change', anna.token)).toHaveLength(1);
    expect(await notices('price-change', bram.token)).toHaveLength(1);
    expect(await notices('price-change', idle.token)).toHaveLength(0);
    expect(await notices('price-change', cleo.token)).toHaveLength(0);

    // An upload changing two of bram's stones: one notice naming both; anna hears of hers again.
    const job = await uploadStones(
      server.client(),
      staff,
      'Stock #,Shape,Carat,Color,Clarity,Price/Ct\nPC-1,Round,1.01,F,VS2,7000\nPC-2,Cushion,2.02,H,SI1,5000\n',
    );
    expect(job.state).toBe('completed');
    const second = await eventually(
      () => notices('price-change', anna.token),
      (list) => list.length > 1,
    );
    expect(second.map((row) => row.message)).toContain(
      'The price of PC-1 changed from USD 7,500.00 to USD 7,000.00 per carat.',
    );
    const both = await eventually(
      () => notices('price-change', bram.token),
      (list) => list.length > 1,
    );
    expect(both).toHaveLength(2);
    const latest = both.find((row) => row.message.includes('7,000.00'));
    expect(latest?.title).toBe('Prices changed: PC-1, PC-2');
    expect(latest?.message).toBe(
      'The price of PC-1 changed from USD 7,500.00 to USD 7,000.00 per carat. The price of PC-2 changed from USD 5,600.00 to USD 5,000.00 per carat.',
    );
    await pause(1000);
    expect(await notices('price-change', bram.token)).toHaveLength(2);
  });

  it('tells a customer whose demands match new stones once, naming each demand', async () => {
    const idOf = await gradeIds(server.client(), staff);
    for (const demand of [
      { name: 'Ovals', filter: { shapeId: [idOf('SHAPE', 'Oval')] } },
      { name: 'Big stones', filter: { carat: { from: 3 } } },
    ]) {
      const saved = await call(C.demandCreate, { ...demand, expiresAt: soon(24 * 7) }, cleo.token);
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    }
    const [added] = await createStones(server.client(), staff, [
      {
        stockNumber: 'DM-1',
        carat: 3.5,
        shape: 'Oval',
        color: 'E',
        clarity: 'VS1',
        rapPrice: 20000,
        discount: -30,
      },
    ]);
    const told = await eventually(
      () => notices('demand', cleo.token),
      (list) => list.length > 0,
    );
    expect(told).toHaveLength(1);
    expect(told[0]?.title).toBe("New stones for your demands 'Ovals' and 'Big stones'");
    expect(told[0]?.message).toContain("A new stone matches your demand 'Ovals': DM-1.");
    expect(told[0]?.message).toContain("A new stone matches your demand 'Big stones': DM-1.");
    // Recorded once a demand, told once.
    const recorded = await server.database.db
      .select({ demandId: stoneDemandMatches.demandId })
      .from(stoneDemandMatches)
      .where(eq(stoneDemandMatches.stoneId, added?.id as string));
    expect(recorded).toHaveLength(2);
    await pause(1000);
    expect(await notices('demand', cleo.token)).toHaveLength(1);
  });

  it('tells the customers of approved companies of new arrivals in one digest, at most once a period', async () => {
    const { db } = server.database;
    // Everything the job compares moves back together: the stock first, so no run sees it newer than it is.
    const twoHoursPass = async () => {
      await db.execute(sql`update ${stoneTable} set created_at = created_at - interval '2 hours'`);
      await db.update(jobMarks).set({ mark: sql`${jobMarks.mark} - interval '2 hours'` });
    };
    // A fresh install whose stock came a day ago: the first run only sets the mark.
    await db.execute(sql`update ${stoneTable} set created_at = now() - interval '1 day'`);
    await db.delete(jobMarks).where(eq(jobMarks.name, ARRIVALS_MARK));
    const marked = await eventually(
      () => db.select().from(jobMarks).where(eq(jobMarks.name, ARRIVALS_MARK)),
      (rows) => rows.length > 0,
    );
    expect(marked).toHaveLength(1);
    await pause(1000);
    expect(await notices('new-arrival', anna.token)).toHaveLength(0);

    await createStones(
      server.client(),
      staff,
      [1, 2, 3, 4, 5].map((n) => ({
        stockNumber: `AR-${n}`,
        carat: 1 + n / 10,
        shape: 'Round',
        rapPrice: 9000,
      })),
    );
    // Within the period since the mark: the stones wait.
    await pause(1000);
    expect(await notices('new-arrival', anna.token)).toHaveLength(0);
    await twoHoursPass();
    const told = await eventually(
      () => notices('new-arrival', anna.token),
      (list) => list.length > 0,
    );
    expect(told.map((row) => row.message)).toEqual(['5 new stones arrived: AR-1, AR-2, AR-3 and 2 more.']);
    expect(await notices('new-arrival', bram.token)).toHaveLength(1);
    expect(await notices('new-arrival', pending.token)).toHaveLength(0);
    expect(await notices('new-arrival', staff)).toHaveLength(0);

    // One more stone soon after: it waits for the next period.
    await createStones(server.client(), staff, [{ stockNumber: 'AR-6', carat: 1.7, shape: 'Round' }]);
    await pause(1000);
    expect(await notices('new-arrival', anna.token)).toHaveLength(1);
    await twoHoursPass();
    const next = await eventually(
      () => notices('new-arrival', anna.token),
      (list) => list.length > 1,
    );
    expect(next).toHaveLength(2);
    expect(next.map((row) => row.message)).toContain('1 new stone arrived: AR-6.');
  });
});

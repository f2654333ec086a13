import { PARCEL_ORDER_ENDPOINTS as O, PARCEL_PRICE_ENDPOINTS as P } from '@facet/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../src/seeds/demo/demo-seed.ts';
import { databaseAvailable, startServer, type TestServer } from './harness.ts';
import { adminToken } from './sign-in.ts';

/** The demo's melee: months of drifting price sheets and orders in every state. */
describe.skipIf(!(await databaseAvailable()))('parcel demo data', () => {
  let server: TestServer;
  let staff: string;

  beforeAll(async () => {
    server = await startServer({}, { seed: { referenceData: true } });
    const result = await seedDemo(server.database.db, { dataDir: server.dataDir });
    expect(result.status).toBe('seeded');
    staff = await adminToken(server, server.client());
  }, 300_000);

  afterAll(async () => {
    await server?.close();
  });

  it('holds a sheet every week or two, smaller sieves cheaper and better bands dearer', async () => {
    const dates = await server.client().call(P.getDates, {}, { token: staff });
    expect(dates.status).toBe(200);
    expect(dates.body.data.length).toBeGreaterThanOrEqual(8);
    const latest = dates.body.data[0];
    if (!latest) throw new Error('no sheet');
    const sheet = (await server.client().call(P.paginate, { date: latest.date }, { token: staff })).body.data;
    const price = (row: number, column: number) =>
      sheet.cells.find(
        (cell) =>
          cell.sieveGroupId === sheet.sieveGroups[row]?.id &&
          cell.qualityBandId === sheet.qualityBands[column]?.id,
      )?.pricePerCarat ?? 0;
    const last = sheet.sieveGroups.length - 1;
    expect(price(0, 0)).toBeLessThan(price(last, 0));
    expect(price(2, 0)).toBeGreaterThan(price(2, sheet.qualityBands.length - 1));
    expect(sheet.previousDate).not.toBeNull();
  });

  it('holds about forty orders, pending, done and cancelled', async () => {
    const counts = await Promise.all(
      [1, 2, 3].map(async (status) => {
        const page = await server
          .client()
          .call(O.paginate, { page: 1, limit: 1, filter: { status } }, { token: staff });
        expect(page.status).toBe(200);
        return page.body.data.count;
      }),
    );
    for (const count of counts) expect(count).toBeGreaterThan(0);
    expect(counts.reduce((total, count) => total + count, 0)).toBe(40);
  });
});

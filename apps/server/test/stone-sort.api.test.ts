import { type BodyIn, resourceEndpoints, stoneResource } from '@facet/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordBatches } from '../src/resources/read.ts';
import { databaseAvailable, startServer, type TestServer } from './harness.ts';
import { adminToken } from './sign-in.ts';
import { uploadStones } from './upload-stones.ts';

const STONES = 40;
const number = (index: number) => `S-${String(index).padStart(2, '0')}`;
/** Depth % of each stone, distinct; every fourth stone has none. */
const depthOf = (index: number) => (index % 4 === 0 ? null : 55 + ((index * 7) % STONES) / 4);

const STOCK_FILE = [
  'Stock #,Shape,Carat,Color,Clarity,Price/Ct,Depth %',
  ...Array.from({ length: STONES }, (_, offset) => {
    const index = offset + 1;
    return `${number(index)},Round,${(0.5 + index / 100).toFixed(2)},G,VS1,5000,${depthOf(index) ?? ''}`;
  }),
].join('\n');

/**
 * A sort by a nullable column puts the stones without a value last, either way. Over the whole stock
 * the page is picked from the stones with a value and those without apart (read.ts pickedIds); a
 * filtered list sorts its rows at once. Both must page alike.
 */
describe.skipIf(!(await databaseAvailable()))('stone sorts with empty values', () => {
  let server: TestServer;
  let token: string;

  const paginate = resourceEndpoints(stoneResource).paginate;
  const everyPage = async (body: BodyIn<typeof paginate>) => {
    const numbers: string[] = [];
    for (let page = 1; page < 20; page += 1) {
      const response = await server.client().call(paginate, { ...body, page, limit: 7 }, { token });
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      numbers.push(...response.body.data.list.map((record) => record.stockNumber as string));
      if (response.body.data.list.length < 7) break;
    }
    return numbers;
  };

  beforeAll(async () => {
    server = await startServer({}, { seed: { referenceData: true } });
    token = await adminToken(server, server.client());
    const job = await uploadStones(server.client(), token, STOCK_FILE);
    expect(job).toMatchObject({ state: 'completed', accepted: STONES });
  });
  afterAll(async () => {
    await server?.close();
  });

  it.each(['asc', 'desc'] as const)(
    'pages the whole stock by depth %s, the empty ones last',
    async (direction) => {
      const indexes = Array.from({ length: STONES }, (_, offset) => offset + 1);
      const valued = indexes
        .filter((index) => depthOf(index) !== null)
        .sort((a, b) => ((depthOf(a) as number) - (depthOf(b) as number)) * (direction === 'asc' ? 1 : -1))
        .map(number);
      const empty = indexes.filter((index) => depthOf(index) === null).map(number);

      const whole = await everyPage({ sort: { totalDepth: direction } });
      expect(whole).toHaveLength(STONES);
      expect(whole.slice(0, valued.length)).toEqual(valued);
      expect(whole.slice(valued.length).sort()).toEqual(empty);

      const filtered = await everyPage({ sort: { totalDepth: direction }, filter: { carat: { from: 0.1 } } });
      expect(filtered).toEqual(whole);
    },
  );

  it('reads the whole stock in the same order in keyset batches, as an export does', async () => {
    const whole = await everyPage({ sort: { totalDepth: 'desc' } });
    const batched: string[] = [];
    for await (const batch of recordBatches(
      server.database.db,
      stoneResource,
      { sort: { totalDepth: 'desc' } },
      6,
    )) {
      batched.push(...batch.map((record) => record.stockNumber as string));
    }
    expect(batched).toEqual(whole);
  });
});

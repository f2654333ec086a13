import {
  type BodyIn,
  type ResourceRecord,
  resourcePaths,
  STONE_LOOKUP_ENDPOINTS,
  stoneResource,
} from '@facet/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseAvailable, startServer, type TestServer } from './harness.ts';
import { adminToken } from './sign-in.ts';
import { createStones } from './test-stones.ts';

/** `POST apis/diamond/lookup`: choosing one stone by the start of its stock or report number. */
describe.skipIf(!(await databaseAvailable()))('stone look-up', () => {
  let server: TestServer;
  let token: string;
  let stones: ResourceRecord[];
  const lookUp = async (body: BodyIn<typeof STONE_LOOKUP_ENDPOINTS.lookup>) => {
    const response = await server.client().call(STONE_LOOKUP_ENDPOINTS.lookup, body, { token });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body.data.map((stone) => stone.stockNumber);
  };

  beforeAll(async () => {
    server = await startServer({}, { seed: { referenceData: true } });
    token = await adminToken(server, server.client());
    stones = await createStones(server.client(), token, [
      { stockNumber: 'LK-12', carat: 0.5, certificateNumber: '7000000012' },
      { stockNumber: 'LK-1', carat: 0.5, certificateNumber: '7000000001' },
      { stockNumber: 'LK-100', carat: 0.5, certificateNumber: '7000000100' },
      { stockNumber: 'QX-9', carat: 0.5, certificateNumber: 'LK-1500' },
      { stockNumber: 'ZQ-3', carat: 0.5, certificateNumber: 'lk-1' },
      { stockNumber: 'LK-1999', carat: 0.5, certificateNumber: '7000001999' },
      { stockNumber: 'MM-1', carat: 0.5, certificateNumber: '7000000002' },
      { stockNumber: 'AB-7', carat: 0.5, certificateNumber: 'LK-1777' },
    ]);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers exact matches first, then stock numbers and report numbers that start with the text', async () => {
    // LK-1 and ZQ-3 (report `lk-1`) match exactly, ignoring case; then the stock numbers that start
    // with LK-1, then the report numbers (AB-7 sorts first by stock number, but matched by its report).
    expect(await lookUp({ search: 'lk-1' })).toEqual([
      'LK-1',
      'ZQ-3',
      'LK-100',
      'LK-12',
      'LK-1999',
      'QX-9',
      'AB-7',
    ]);
    expect(await lookUp({ search: 'LK-19' })).toEqual(['LK-1999']);
    expect(await lookUp({ search: '700000000' })).toEqual(['LK-1', 'MM-1']);
  });

  it('stops at the limit however many stones share the first letters', async () => {
    expect(await lookUp({ search: 'l', limit: 3 })).toEqual(['LK-1', 'LK-100', 'LK-12']);
    expect(await lookUp({ search: '7', limit: 2 })).toEqual(['LK-1', 'MM-1']);
    expect(await lookUp({ limit: 2 })).toEqual(['AB-7', 'LK-1']);
  });

  it('skips deleted stones and reads `%` and `_` as the characters they are', async () => {
    const deleted = stones.find((stone) => stone.stockNumber === 'LK-100');
    const removed = await server
      .client()
      .request('DELETE', resourcePaths(stoneResource).byId(deleted?.id as string), { token });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect(await lookUp({ search: 'lk-10' })).toEqual([]);
    expect(await lookUp({ search: 'lk_1' })).toEqual([]);
    expect(await lookUp({ search: 'lk-1%' })).toEqual([]);
    expect(await lookUp({ search: 'nothing' })).toEqual([]);
  });
});

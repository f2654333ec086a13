import {
  AUDIT_ENDPOINTS,
  DIAMOND_COMMENT_ENDPOINTS,
  hospitalityResource,
  LOGIN_LOG_ENDPOINTS,
  resourceEndpoints,
  SEARCH_HISTORY_ENDPOINTS,
  transportResource,
} from '@facet/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseAvailable, startServer, type TestServer } from './harness.ts';
import { adminToken } from './sign-in.ts';

/**
 * ISO text can name year 0000, which PostgreSQL has not: every date a request carries is refused in the
 * envelope before it reaches a query (it answered 500 on the audit trail and the login report).
 */
describe.skipIf(!(await databaseAvailable()))('dates outside the calendar', () => {
  let server: TestServer;
  let token: string;
  const hospitality = resourceEndpoints(hospitalityResource);

  beforeAll(async () => {
    server = await startServer();
    token = await adminToken(server, server.client());
  });
  afterAll(async () => {
    await server?.close();
  });

  it('refuses year 0000, and an offset that moves a date there, in every filter that takes dates', async () => {
    const refusals = await Promise.all([
      server.client().call(AUDIT_ENDPOINTS.paginate, { filter: { from: '0000-01-01T00:00:00Z' } }, { token }),
      server.client().call(LOGIN_LOG_ENDPOINTS.paginate, { filter: { to: '0000-12-31' } }, { token }),
      server
        .client()
        .call(LOGIN_LOG_ENDPOINTS.paginate, { filter: { from: '0001-01-01T00:30:00+01:00' } }, { token }),
      server
        .client()
        .call(DIAMOND_COMMENT_ENDPOINTS.byUser, { filter: { createdAt: { from: '0000-06-01' } } }, { token }),
      server
        .client()
        .call(
          SEARCH_HISTORY_ENDPOINTS.paginate,
          { filter: { createdAt: { to: '0000-06-01T00:00:00Z' } } },
          { token },
        ),
      server.client().call(hospitality.paginate, { filter: { fromDate: { from: '0000-01-01' } } }, { token }),
    ]);
    for (const answer of refusals) {
      expect(answer.status, JSON.stringify(answer.body)).toBe(400);
      expect(answer.body.code).toBe('E_BAD_REQUEST');
    }
    // The calendar's first and last days are dates like any other.
    const edges = await server
      .client()
      .call(LOGIN_LOG_ENDPOINTS.paginate, { filter: { from: '0001-01-01', to: '9999-12-31' } }, { token });
    expect(edges.status).toBe(200);
  });

  it('refuses year 0000 in a record, and writes nothing', async () => {
    const before = await server.client().call(hospitality.paginate, {}, { token });
    const refused = await server
      .client()
      .call(
        hospitality.create as NonNullable<typeof hospitality.create>,
        { customerName: 'Year Zero', service: 'Hotel', fromDate: '0000-02-29' },
        { token },
      );
    expect(refused.status, JSON.stringify(refused.body)).toBe(400);
    expect(refused.body.errors).toContainEqual(expect.objectContaining({ field: 'fromDate' }));
    const after = await server.client().call(hospitality.paginate, {}, { token });
    expect(after.body.data?.count).toBe(before.body.data?.count);
  });

  it("reads a day of a date-and-time filter as that day on the reader's clock, as the panel sends it", async () => {
    const transport = resourceEndpoints(transportResource);
    const create = transport.create as NonNullable<typeof transport.create>;
    // 23:30 in Los Angeles on 1 March is already 2 March in UTC.
    const created = await server
      .client()
      .call(
        create,
        { customerName: 'Late pick-up', pickupLocation: 'Airport', pickupAt: '2026-03-02T07:30:00Z' },
        { token },
      );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const onDay = (day: string, timeZone?: string) =>
      server
        .client()
        .call(
          transport.paginate,
          { filter: { pickupAt: { from: day, to: day } }, ...(timeZone ? { timeZone } : {}) },
          { token },
        )
        .then((answer) => answer.body.data?.list.map((row) => row.customerName));
    expect(await onDay('2026-03-01', 'America/Los_Angeles')).toEqual(['Late pick-up']);
    expect(await onDay('2026-03-02', 'America/Los_Angeles')).toEqual([]);
    expect(await onDay('2026-03-02')).toEqual(['Late pick-up']);
    const refused = await server
      .client()
      .call(
        transport.paginate,
        { filter: { pickupAt: { from: '2026-03-02', to: '2026-03-01' } } },
        { token },
      );
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('E_BAD_REQUEST');
  });
});

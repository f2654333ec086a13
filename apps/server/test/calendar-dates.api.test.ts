import {
  AUDIT_ENDPOINTS,
  DIAMOND_COMMENT_ENDPOINTS,
  hospitalityResource,
  LOGIN_LOG_ENDPOINTS,
  resourceEndpoints,
  SEARCH_HISTORY_ENDPOINTS,
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
});

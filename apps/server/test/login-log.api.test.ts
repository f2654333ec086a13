import { AUTH_ENDPOINTS, type BodyIn, LOGIN_LOG_ENDPOINTS, pathOf } from '@facet/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseAvailable, startServer, type TestServer } from './harness.ts';
import { adminToken, createUser, signIn } from './sign-in.ts';

const PASSWORD = 'Valid#Pass9';

describe.skipIf(!(await databaseAvailable()))('login log', () => {
  let server: TestServer;
  let token: string;
  let alice: Awaited<ReturnType<typeof createUser>>;
  const aliceClient = () => server.client('10.9.9.9');

  beforeAll(async () => {
    server = await startServer();
    token = await adminToken(server, server.client('10.1.1.1'));
    alice = await createUser(server, { password: PASSWORD });
    await signIn(server, aliceClient(), alice.username, PASSWORD);
    await aliceClient().call(AUTH_ENDPOINTS.sendLoginOtp, {
      username: alice.username,
      password: 'Wrong#Pass0',
    });
    await server
      .client('10.7.7.7')
      .call(AUTH_ENDPOINTS.sendLoginOtp, { username: 'ghost', password: 'Wrong#Pass0' });
  });
  afterAll(async () => {
    await server?.close();
  });

  const paginate = (body: BodyIn<typeof LOGIN_LOG_ENDPOINTS.paginate>) =>
    server.client().call(LOGIN_LOG_ENDPOINTS.paginate, body, { token });
  const refused = (body: unknown) =>
    server.client().request('POST', pathOf(LOGIN_LOG_ENDPOINTS.paginate), { body, token });

  it('records each step with the address and user agent, newest first', async () => {
    const client = aliceClient();
    const response = await paginate({ filter: { userId: alice.id } });
    expect(response.status).toBe(200);
    const { list, count } = response.body.data;
    expect(count).toBe(3);
    expect(list.map((entry) => entry.result)).toEqual(['wrong_password', 'success', 'otp_sent']);
    expect(list[0]).toMatchObject({ username: alice.username, ip: '10.9.9.9', userId: alice.id });
    expect(list[0]?.userAgent).toMatch(/^facet-test\//);
    expect(client.ip).toBe('10.9.9.9');
    const times = list.map((entry) => Date.parse(entry.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('filters by result, username and dates, and searches username or address', async () => {
    const unknown = await paginate({ filter: { result: 'unknown_user' } });
    expect(unknown.body.data.list.map((entry) => entry.username)).toEqual(['ghost']);

    const several = await paginate({ filter: { result: ['success', 'default_password'] } });
    expect(several.body.data.count).toBe(3);

    const byName = await paginate({ filter: { username: alice.username.toUpperCase() } });
    expect(byName.body.data.count).toBe(3);

    const byIp = await paginate({ search: '10.7.7' });
    expect(byIp.body.data.list.map((entry) => entry.ip)).toEqual(['10.7.7.7']);
    const byUser = await paginate({ search: 'GHO' });
    expect(byUser.body.data.count).toBe(1);
    const literal = await paginate({ search: '%' });
    expect(literal.body.data.count).toBe(0);

    const future = await paginate({ filter: { from: new Date(Date.now() + 60_000).toISOString() } });
    expect(future.body.data.count).toBe(0);
    const past = await paginate({ filter: { to: new Date(Date.now() + 60_000).toISOString() } });
    expect(past.body.data.count).toBeGreaterThan(5);
  });

  it('sorts and pages with a total count', async () => {
    const all = await paginate({ limit: 500 });
    const total = all.body.data.count;
    expect(all.body.data.list).toHaveLength(total);

    const first = await paginate({ page: 1, limit: 2, sort: { username: 'asc' } });
    const second = await paginate({ page: 2, limit: 2, sort: { username: 'asc' } });
    expect(first.body.data.count).toBe(total);
    expect(first.body.data.list).toHaveLength(2);
    const names = [...first.body.data.list, ...second.body.data.list].map((entry) => entry.username);
    expect(names).toEqual([...names].sort());
    const ids = new Set([...first.body.data.list, ...second.body.data.list].map((entry) => entry.id));
    expect(ids.size).toBe(4);

    const oldest = await paginate({ limit: 1, sort: { createdAt: 'ASC' } });
    expect(oldest.body.data.list[0]?.result).toBe('otp_sent');
  });

  it('refuses unknown filter and sort keys', async () => {
    const badFilter = await refused({ filter: { password: 'x' } });
    expect(badFilter.status).toBe(400);
    expect(badFilter.body.code).toBe('E_BAD_REQUEST');
    expect(badFilter.body.errors?.[0]?.field).toBe('filter');
    const badSort = await refused({ sort: { ip: 'asc' } });
    expect(badSort.status).toBe(400);
    const badResult = await refused({ filter: { result: 'hacked' } });
    expect(badResult.status).toBe(400);
  });

  it('needs the Login view permission', async () => {
    const withoutPermission = await createUser(server, { password: PASSWORD });
    const plain = await signIn(server, server.client(), withoutPermission.username, PASSWORD);
    const denied = await server.client().call(LOGIN_LOG_ENDPOINTS.paginate, {}, { token: plain.token.jwt });
    expect(denied.status).toBe(403);
    expect(denied.body.code).toBe('E_FORBIDDEN');

    const viewer = await createUser(server, {
      password: PASSWORD,
      permissions: [
        {
          id: 1,
          module: 'Login',
          title: 'Login report',
          permissions: { view: true, insert: false, update: false, delete: false },
        },
      ],
    });
    const allowed = await signIn(server, server.client(), viewer.username, PASSWORD);
    expect(allowed.userPermissions.data).toHaveLength(1);
    const ok = await server.client().call(LOGIN_LOG_ENDPOINTS.paginate, {}, { token: allowed.token.jwt });
    expect(ok.status).toBe(200);
  });
});

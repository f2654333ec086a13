import {
  ADMIN_MODULE_BY_NAME,
  AUDIT_ENDPOINTS,
  accountResource,
  type BodyIn,
  DIAMOND_COMMENT_ENDPOINTS,
  DIAMOND_COMMENT_MESSAGES,
  type EndpointSpec,
  pathOf,
  type ResourceRecord,
  resourcePaths,
  stoneResource,
  USER_TYPES,
  type UserRecord,
} from '@facet/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { diamondComments } from '../src/diamond-comments/diamond-comment-table.ts';
import { databaseAvailable, startServer, type TestServer } from './harness.ts';
import { adminToken } from './sign-in.ts';
import { createStones } from './test-stones.ts';
import { createUserViaApi, userWithRole } from './user-admin.ts';

const COMMENT_MODULE = ADMIN_MODULE_BY_NAME.get('Comment')?.id as number;

/** Customers' comments on stones: `POST apis/diamond-comment/by-user` and its writes, on both databases. */
describe.skipIf(!(await databaseAvailable()))('diamond comments', () => {
  let server: TestServer;
  let token: string;
  let anna: UserRecord;
  let bram: UserRecord;
  let staff: UserRecord;
  let company: ResourceRecord;
  let first: ResourceRecord;
  let second: ResourceRecord;
  const call = <E extends EndpointSpec>(endpoint: E, body: BodyIn<E>, as = token) =>
    server.client().call(endpoint, body, { token: as });
  /** A body the contract refuses, sent as it is. */
  const send = (endpoint: EndpointSpec, body: unknown, as = token) =>
    server.client().request(endpoint.method, pathOf(endpoint), { body, token: as });
  const byUser = (body: BodyIn<typeof DIAMOND_COMMENT_ENDPOINTS.byUser>, as = token) =>
    call(DIAMOND_COMMENT_ENDPOINTS.byUser, body, as);
  const live = async () =>
    (await server.database.db.select({ value: count() }).from(diamondComments))[0]?.value ?? 0;

  beforeAll(async () => {
    server = await startServer({}, { seed: { referenceData: true } });
    token = await adminToken(server, server.client());
    const created = await server
      .client()
      .post<ResourceRecord>(
        resourcePaths(accountResource).create,
        { name: 'Antwerp Brilliants', code: 'ABR' },
        token,
      );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    company = created.body.data;
    anna = await createUserViaApi(server.client(), token, {
      type: USER_TYPES.CUSTOMER,
      name: 'Anna Buyer',
      accountId: company.id,
    });
    bram = await createUserViaApi(server.client(), token, { type: USER_TYPES.CUSTOMER, name: 'Bram Dealer' });
    staff = await createUserViaApi(server.client(), token, { type: USER_TYPES.EMPLOYEE, name: 'Desk Clerk' });
    [first, second] = (await createStones(server.client(), token, [
      { stockNumber: 'DC-1', carat: 1, shape: 'Round', color: 'F', clarity: 'VS2' },
      { stockNumber: 'DC-2', carat: 2.01, shape: 'Cushion', color: 'H', clarity: 'SI1' },
    ])) as [ResourceRecord, ResourceRecord];
  });
  afterAll(async () => {
    await server?.close();
  });

  it('adds comments for customers and lists them by user, stone, company, date and text', async () => {
    const made: [UserRecord, ResourceRecord, string, string | null][] = [
      [anna, first, 'Please share the side view video.', '#FA8C16'],
      [anna, second, 'Client asks for a better price.', null],
      [bram, first, 'Hold until Friday please.', '#52c41a'],
    ];
    for (const [user, stone, remarks, color] of made) {
      const response = await call(DIAMOND_COMMENT_ENDPOINTS.create, {
        userId: user.id,
        stoneId: stone.id,
        remarks,
        color,
      });
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      expect(response.body.data).toMatchObject({
        userId: user.id,
        userName: user.name,
        stockNumber: stone.stockNumber,
        remarks,
        color: color?.toLowerCase() ?? null,
        // The company is the customer's own, taken when the comment is made.
        accountId: user === anna ? company.id : null,
        accountName: user === anna ? 'Antwerp Brilliants' : null,
      });
    }

    const all = await byUser({});
    expect(all.status, JSON.stringify(all.body)).toBe(200);
    expect(all.body.data.count).toBe(3);
    // Newest first by default.
    expect(all.body.data.list.map((comment) => comment.remarks)).toEqual([
      'Hold until Friday please.',
      'Client asks for a better price.',
      'Please share the side view video.',
    ]);

    const annas = await byUser({ filter: { userId: anna.id }, sort: { createdAt: 'asc' } });
    expect(annas.body.data.list.map((comment) => comment.stockNumber)).toEqual(['DC-1', 'DC-2']);
    const onFirst = await byUser({ filter: { stoneId: first.id } });
    expect(onFirst.body.data.list.map((comment) => comment.userName).sort()).toEqual([
      'Anna Buyer',
      'Bram Dealer',
    ]);
    const ofCompany = await byUser({ filter: { accountId: [company.id] } });
    expect(ofCompany.body.data.count).toBe(2);
    const searched = await byUser({ search: 'dc-2' });
    expect(searched.body.data.list.map((comment) => comment.remarks)).toEqual([
      'Client asks for a better price.',
    ]);
    expect((await byUser({ search: 'bram' })).body.data.count).toBe(1);
    const today = new Date().toISOString().slice(0, 10);
    expect((await byUser({ filter: { createdAt: { from: today, to: today } } })).body.data.count).toBe(3);
    expect((await byUser({ filter: { createdAt: { to: '2020-01-01' } } })).body.data.count).toBe(0);
    const paged = await byUser({ page: 2, limit: 2 });
    expect(paged.body.data).toMatchObject({ count: 3 });
    expect(paged.body.data.list).toHaveLength(1);
  });

  it('removes a comment, keeping it in the trail of the customer', async () => {
    const [comment] = (await byUser({ filter: { userId: bram.id } })).body.data.list;
    const removed = await call(DIAMOND_COMMENT_ENDPOINTS.destroy, { id: comment?.id ?? '' });
    expect(removed.status).toBe(200);
    expect((await byUser({ filter: { userId: bram.id } })).body.data.count).toBe(0);
    expect((await call(DIAMOND_COMMENT_ENDPOINTS.destroy, { id: comment?.id ?? '' })).status).toBe(404);

    const trail = await server
      .client()
      .call(AUDIT_ENDPOINTS.paginate, { filter: { entityId: comment?.id } }, { token: token });
    expect(trail.status, JSON.stringify(trail.body)).toBe(200);
    expect(trail.body.data.list.map((entry) => entry.action)).toEqual([
      'diamondComment.delete',
      'diamondComment.create',
    ]);
    expect(trail.body.data.list[1]).toMatchObject({
      after: { userId: bram.id, stoneId: first.id, remarks: 'Hold until Friday please.', color: '#52c41a' },
    });
    const byCustomer = await server
      .client()
      .call(
        AUDIT_ENDPOINTS.paginate,
        { filter: { userId: bram.id, entityType: 'diamondComment' } },
        { token: token },
      );
    expect(byCustomer.body.data.count).toBe(2);
  });

  it('refuses hostile bodies with a clear error and changes nothing', async () => {
    const removedStone = (
      await createStones(server.client(), token, [{ stockNumber: 'DC-GONE', carat: 0.4 }])
    )[0];
    await server
      .client()
      .request('DELETE', resourcePaths(stoneResource).byId(removedStone?.id ?? ''), { token });
    const before = await live();
    const writes: [unknown, string, string][] = [
      [
        { userId: staff.id, stoneId: first.id, remarks: 'x' },
        'userId',
        DIAMOND_COMMENT_MESSAGES.notACustomer,
      ],
      [
        { userId: anna.id, stoneId: removedStone?.id, remarks: 'x' },
        'stoneId',
        DIAMOND_COMMENT_MESSAGES.invalidStone,
      ],
      [
        { userId: anna.id, stoneId: first.id, remarks: '   ' },
        'remarks',
        DIAMOND_COMMENT_MESSAGES.remarksRequired,
      ],
      [
        { userId: anna.id, stoneId: first.id, remarks: 'x', color: 'red; background:url(x)' },
        'color',
        DIAMOND_COMMENT_MESSAGES.invalidColor,
      ],
      [
        { userId: anna.id, stoneId: first.id, remarks: 'x'.repeat(2001) },
        'remarks',
        DIAMOND_COMMENT_MESSAGES.remarksTooLong,
      ],
      [{ userId: 'anna', stoneId: first.id, remarks: 'x' }, 'userId', DIAMOND_COMMENT_MESSAGES.notACustomer],
    ];
    for (const [body, field, message] of writes) {
      const response = await send(DIAMOND_COMMENT_ENDPOINTS.create, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.code).toBe('E_BAD_REQUEST');
      expect(response.body.errors).toContainEqual({ field, message });
    }
    expect(await live()).toBe(before);

    for (const body of [
      { filter: { userId: "' or 1=1 --" } },
      { filter: { remarks: 'x' } },
      { filter: { createdAt: { from: 'yesterday' } } },
      { filter: { createdAt: { from: '2026-05-02', to: '2026-05-01' } } },
      { sort: { remarks: 'asc' } },
      { sort: { createdAt: 'sideways' } },
      { limit: 1_000_000 },
      { search: { $ne: null } },
    ]) {
      const response = await send(DIAMOND_COMMENT_ENDPOINTS.byUser, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.code).toBe('E_BAD_REQUEST');
    }
    expect((await call(DIAMOND_COMMENT_ENDPOINTS.destroy, { id: 'x' })).status).toBe(400);
    expect(
      await server.database.db.select().from(diamondComments).where(eq(diamondComments.userId, staff.id)),
    ).toEqual([]);
  });

  it('is the Comment module: view lists, insert adds, delete removes, others see nothing', async () => {
    const viewer = await userWithRole(server, token, USER_TYPES.EMPLOYEE, 'admin', [
      { id: COMMENT_MODULE, permissions: { view: true } },
    ]);
    expect((await byUser({}, viewer.token)).status).toBe(200);
    const refused = await call(
      DIAMOND_COMMENT_ENDPOINTS.create,
      { userId: anna.id, stoneId: first.id, remarks: 'By phone.' },
      viewer.token,
    );
    expect(refused.status).toBe(403);
    const [any] = (await byUser({}, viewer.token)).body.data.list;
    expect((await call(DIAMOND_COMMENT_ENDPOINTS.destroy, { id: any?.id ?? '' }, viewer.token)).status).toBe(
      403,
    );

    const clerk = await userWithRole(server, token, USER_TYPES.EMPLOYEE, 'admin', [
      { id: COMMENT_MODULE, permissions: { view: true, insert: true, delete: true } },
    ]);
    const added = await call(
      DIAMOND_COMMENT_ENDPOINTS.create,
      { userId: anna.id, stoneId: first.id, remarks: 'Taken by phone.' },
      clerk.token,
    );
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(
      (await call(DIAMOND_COMMENT_ENDPOINTS.destroy, { id: added.body.data.id }, clerk.token)).status,
    ).toBe(200);

    const other = await userWithRole(server, token, USER_TYPES.EMPLOYEE, 'admin', [
      { id: ADMIN_MODULE_BY_NAME.get('Cart')?.id as number, permissions: { view: true, insert: true } },
    ]);
    expect((await byUser({}, other.token)).status).toBe(403);
    expect((await server.client().call(DIAMOND_COMMENT_ENDPOINTS.byUser, {})).status).toBe(401);
  });
});

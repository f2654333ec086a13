import {
  AUTH_ENDPOINTS,
  type AuditEntry,
  masterResource,
  type PaginateResult,
  type ResourceRecord,
  resourcePaths,
} from '@facet/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { revokeSession } from '../src/access/sessions.ts';
import { ADMIN, databaseAvailable, startServer, type TestServer } from './harness.ts';
import { ADMIN_NEW_PASSWORD, adminToken, signIn } from './sign-in.ts';

const master = resourcePaths(masterResource);

type Page = PaginateResult<ResourceRecord>;

/**
 * What the request path keeps per database or connection (page plans with their counts, the write's
 * prepared statements, the session check's few columns) changes no answer: on both databases.
 */
describe.skipIf(!(await databaseAvailable()))('the request path', () => {
  let server: TestServer;
  let token: string;
  const client = () => server.client();
  const post = <T = ResourceRecord>(path: string, body: unknown, who = token) =>
    client().post<T>(path, body, who);
  const put = (id: string, body: unknown, who = token) =>
    client().request<ResourceRecord>('PUT', master.byId(id), { body, token: who });
  const countOf = async (parentId: string) => {
    const page = await post<Page>(master.paginate, { page: 1, limit: 2, filter: { parentId } });
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    return page.body.data.count;
  };
  const parentWith = async (name: string, values: number) => {
    const parent = (await post(master.create, { name, code: name.toUpperCase() })).body.data;
    for (let index = 0; index < values; index += 1) {
      const created = await post(master.create, {
        name: `${name} ${index}`,
        code: `${name}${index}`,
        parentId: parent.id,
      });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
    }
    return parent;
  };

  beforeAll(async () => {
    server = await startServer();
    token = await adminToken(server, client());
  });
  afterAll(async () => {
    await server?.close();
  });

  it('counts each filter by its own count, asked again after a write', async () => {
    const gold = await parentWith('Gold', 3);
    const silver = await parentWith('Silver', 5);
    expect(await countOf(gold.id)).toBe(3);
    expect(await countOf(silver.id)).toBe(5);
    // The same requests again, from their kept plans: the counts are the database's of now.
    expect(await countOf(gold.id)).toBe(3);
    await post(master.create, { name: 'Gold 9', code: 'Gold9', parentId: gold.id });
    expect(await countOf(gold.id)).toBe(4);
    expect(await countOf(silver.id)).toBe(5);
  });

  it('writes every update with its lock and its audit entry, again and again on each connection', async () => {
    const parent = await parentWith('Bronze', 1);
    const [value] = (await post<Page>(master.paginate, { filter: { parentId: parent.id } })).body.data.list;
    const id = value?.id as string;
    // More writes than the pool has connections: each connection prepares its statements, then reuses them.
    const texts = Array.from({ length: 14 }, (_, index) => `Text ${index}`);
    for (const description of texts) {
      const written = await put(id, { description });
      expect(written.status, JSON.stringify(written.body)).toBe(200);
      expect(written.body.data.description).toBe(description);
    }
    const cleared = await put(id, { description: null, name: 'Bronze again' });
    expect(cleared.status, JSON.stringify(cleared.body)).toBe(200);
    expect(cleared.body.data).toMatchObject({ description: null, name: 'Bronze again' });
    // Side by side, on several connections at once: every write lands, in some order.
    const parallel = await Promise.all(texts.map((description) => put(id, { description })));
    expect(parallel.map((response) => response.status)).toEqual(texts.map(() => 200));
    // Nothing changed: nothing written, no entry.
    const last = (await client().get<ResourceRecord>(master.byId(id), token)).body.data;
    expect((await put(id, { description: last.description })).status).toBe(200);

    const history = (await client().get<AuditEntry[]>(master.history(id), token)).body.data;
    const updates = history.filter((entry) => entry.action === 'master.update');
    expect(updates).toHaveLength(texts.length * 2 + 1);
    expect(updates.find((entry) => entry.after?.name === 'Bronze again')).toMatchObject({
      before: { description: 'Text 13', name: 'Bronze 0' },
      after: { description: null, name: 'Bronze again' },
    });
    expect(history.every((entry) => entry.entityId === id)).toBe(true);
  });

  it('writes every set of changed fields alike, past the update shapes a resource keeps prepared', async () => {
    const parent = await parentWith('Copper', 1);
    const [value] = (await post<Page>(master.paginate, { filter: { parentId: parent.id } })).body.data.list;
    const id = value?.id as string;
    // Each write changes another subset of five fields: more shapes than a resource keeps prepared.
    const fieldsOf = (mask: number) => {
      const fields: Record<string, unknown> = {};
      if (mask & 1) fields.description = mask % 3 === 0 ? null : `Described ${mask}`;
      if (mask & 2) fields.sequence = mask;
      if (mask & 4) fields.showOnWeb = mask % 8 < 4;
      if (mask & 8) fields.showInMarketing = mask % 16 < 8;
      if (mask & 16) fields.aliases = [`alias ${mask}`];
      return fields;
    };
    let expected = (await client().get<ResourceRecord>(master.byId(id), token)).body.data;
    for (let mask = 1; mask < 32; mask += 1) {
      const written = await put(id, fieldsOf(mask));
      expect(written.status, JSON.stringify(written.body)).toBe(200);
      expected = { ...expected, ...fieldsOf(mask) };
      const read = (await client().get<ResourceRecord>(master.byId(id), token)).body.data;
      const { updatedAt: _written, ...stored } = read;
      const { updatedAt: _before, ...wanted } = expected;
      expect(stored, `mask ${mask}`).toEqual(wanted);
    }
  });

  it('refuses a session revoked in the database at the next request of every kind', async () => {
    // A session of its own, so that the other tests keep theirs.
    const session = (await signIn(server, client(), ADMIN.username, ADMIN_NEW_PASSWORD)).token.jwt;
    const parent = await parentWith('Platinum', 1);
    expect((await post<Page>(master.paginate, { filter: { parentId: parent.id } }, session)).status).toBe(
      200,
    );
    const payload = JSON.parse(Buffer.from(session.split('.')[1] ?? '', 'base64url').toString()) as {
      jti: string;
    };
    await revokeSession(server.database.db, payload.jti);
    expect((await post(master.paginate, { filter: { parentId: parent.id } }, session)).status).toBe(401);
    expect((await client().get(master.byId(parent.id), session)).status).toBe(401);
    expect((await put(parent.id, { description: 'after revoking' }, session)).status).toBe(401);
  });
});

describe.skipIf(!(await databaseAvailable()))('the signed-in user', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('is answered whole, though a request reads only a few of its columns', async () => {
    const token = await adminToken(server, server.client());
    const answer = await server.client().call(AUTH_ENDPOINTS.getLoginUser, undefined, { token });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.data.user).toMatchObject({
      username: 'admin',
      defaultPassword: false,
      isActive: true,
      emails: [expect.objectContaining({ value: expect.stringMatching(/admin@example.com/i) })],
    });
  });
});

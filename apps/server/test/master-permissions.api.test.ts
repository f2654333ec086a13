import {
  ADMIN_MODULE_BY_NAME,
  MASTER_ENDPOINTS,
  masterResource,
  type PaginateResult,
  RESOURCE_ENDPOINTS,
  type ResourceRecord,
  resourcePaths,
  USER_TYPES,
} from '@facet/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseAvailable, startServer, type TestServer } from './harness.ts';
import { adminToken } from './sign-in.ts';
import { unique, userWithRole } from './user-admin.ts';

const master = resourcePaths(masterResource);
const ALL = { view: true, insert: true, update: true, delete: true };
const moduleId = (name: 'Main Masters' | 'Sub Masters') => ADMIN_MODULE_BY_NAME.get(name)?.id as number;

type Page = PaginateResult<ResourceRecord>;

/**
 * Main Masters reaches the masters without a parent, Sub Masters their values, both reach all: over
 * every endpoint of the master resource, on both databases.
 */
describe.skipIf(!(await databaseAvailable()))('main and sub master permissions', () => {
  let server: TestServer;
  let token: string;
  const as: Record<'sub' | 'main' | 'both' | 'none' | 'customer', string> = {
    sub: '',
    main: '',
    both: '',
    none: '',
    customer: '',
  };
  let code: string;
  let main: ResourceRecord;
  let value: ResourceRecord;
  const client = () => server.client();
  const post = <T = ResourceRecord>(path: string, body: unknown, who = token) =>
    client().post<T>(path, body, who);
  const put = (id: string, body: unknown, who: string) =>
    client().request<ResourceRecord>('PUT', master.byId(id), { body, token: who });
  const toggle = (id: string, who: string) =>
    post(
      RESOURCE_ENDPOINTS.booleanStatusUpdate.path,
      { id, model: 'master', fieldName: 'showOnWeb', status: false },
      who,
    );
  const exported = async (body: unknown, who: string) => {
    const response = await fetch(`${server.url}/${master.export}`, {
      method: 'POST',
      headers: { authorization: `JWT ${who}`, 'content-type': 'application/json' },
      body: JSON.stringify({ format: 'csv', columns: ['name', 'code'], ...(body as object) }),
    });
    return { status: response.status, text: await response.text() };
  };
  const listed = async (who: string, filter?: Record<string, unknown>) => {
    const page = await post<Page>(master.paginate, { limit: 500, ...(filter ? { filter } : {}) }, who);
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    return page.body.data.list;
  };

  beforeAll(async () => {
    server = await startServer();
    token = await adminToken(server, client());
    const grant = async (modules: ('Main Masters' | 'Sub Masters')[]) =>
      (
        await userWithRole(
          server,
          token,
          USER_TYPES.EMPLOYEE,
          'admin',
          modules.map((name) => ({ id: moduleId(name), permissions: ALL })),
        )
      ).token;
    as.sub = await grant(['Sub Masters']);
    as.main = await grant(['Main Masters']);
    as.both = await grant(['Main Masters', 'Sub Masters']);
    as.none = await grant([]);
    as.customer = (await userWithRole(server, token, USER_TYPES.CUSTOMER, 'customer', [])).token;
    code = unique('GRADE_').toUpperCase();
    main = (await post(master.create, { name: 'Grade', code })).body.data;
    value = (await post(master.create, { name: 'Top', code: 'TOP', parentId: main.id })).body.data;
  });
  afterAll(async () => {
    await server?.close();
  });

  it('shows a Sub Masters user the values only, on every read', async () => {
    const rows = await listed(as.sub);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.parentId !== null)).toBe(true);
    expect(rows.map((row) => row.id)).toContain(value.id);
    expect((await listed(as.sub, { parentId: main.id })).map((row) => row.id)).toEqual([value.id]);
    expect((await post(master.paginate, { filter: { parentId: null } }, as.sub)).status).toBe(403);
    expect((await client().get(master.byId(main.id), as.sub)).status).toBe(404);
    expect((await client().get(master.byId(value.id), as.sub)).status).toBe(200);
    expect((await client().get(master.history(main.id), as.sub)).status).toBe(404);
    expect((await client().get(master.history(value.id), as.sub)).status).toBe(200);
    const file = await exported({}, as.sub);
    expect(file.status).toBe(200);
    expect(file.text).toContain('Top');
    expect(file.text).not.toContain(code);
    expect((await exported({ filter: { parentId: null } }, as.sub)).status).toBe(403);
  });

  it('lets a Sub Masters user write values and nothing else', async () => {
    const created = await post(master.create, { name: 'Second', code: 'SECOND', parentId: main.id }, as.sub);
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect((await post(master.create, { name: 'Loose', code: 'LOOSE' }, as.sub)).status).toBe(403);
    expect((await put(value.id, { name: 'Top grade' }, as.sub)).body.data.name).toBe('Top grade');
    expect((await put(value.id, { parentId: null }, as.sub)).status).toBe(403);
    expect((await put(main.id, { name: 'Renamed' }, as.sub)).status).toBe(404);
    expect((await toggle(value.id, as.sub)).status).toBe(200);
    expect((await toggle(main.id, as.sub)).status).toBe(404);
    const order = (id: string) => post(master.bulkSequence, { list: [{ id, sequence: 7 }] }, as.sub);
    expect((await order(value.id)).status).toBe(200);
    expect((await order(main.id)).status).toBe(404);
    expect((await client().request('DELETE', master.byId(main.id), { token: as.sub })).status).toBe(404);
    const removed = await client().request('DELETE', master.byId(created.body.data.id), { token: as.sub });
    expect(removed.status).toBe(200);
    expect((await client().get<ResourceRecord>(master.byId(main.id), token)).body.data.name).toBe('Grade');
  });

  it('keeps a Main Masters user to the masters without a parent', async () => {
    const rows = await listed(as.main);
    expect(rows.map((row) => row.id)).toContain(main.id);
    expect(rows.every((row) => row.parentId === null)).toBe(true);
    expect((await post(master.paginate, { filter: { parentId: main.id } }, as.main)).status).toBe(403);
    expect((await client().get(master.byId(value.id), as.main)).status).toBe(404);
    expect((await client().get(master.history(value.id), as.main)).status).toBe(404);
    expect((await post(master.create, { name: 'V', code: 'V', parentId: main.id }, as.main)).status).toBe(
      403,
    );
    const other = await post(master.create, { name: 'Other', code: unique('OTHER_') }, as.main);
    expect(other.status).toBe(200);
    expect((await put(main.id, { parentId: other.body.data.id }, as.main)).status).toBe(403);
    expect((await put(value.id, { name: 'X' }, as.main)).status).toBe(404);
    expect((await toggle(value.id, as.main)).status).toBe(404);
    expect((await toggle(main.id, as.main)).status).toBe(200);
    const file = await exported({}, as.main);
    expect(file.text).toContain(code);
    expect(file.text).not.toContain('Top grade');
    expect((await client().request('DELETE', master.byId(value.id), { token: as.main })).status).toBe(404);
  });

  it('lets a user holding both reach every master, and one holding neither none', async () => {
    const ids = (await listed(as.both)).map((row) => row.id);
    expect(ids).toEqual(expect.arrayContaining([main.id, value.id]));
    expect((await client().get(master.byId(value.id), as.both)).status).toBe(200);
    expect((await client().get(master.byId(main.id), as.both)).status).toBe(200);
    expect((await post(master.paginate, {}, as.none)).status).toBe(403);
    expect((await client().get(master.byId(value.id), as.none)).status).toBe(403);
    expect((await toggle(value.id, as.none)).status).toBe(403);
  });

  it('answers master values by code to any staff user, not to customers', async () => {
    for (const who of [as.sub, as.main, as.none]) {
      const values = await post<Record<string, ResourceRecord[]>>(
        MASTER_ENDPOINTS.listByCode.path,
        { code },
        who,
      );
      expect(values.status, JSON.stringify(values.body)).toBe(200);
      expect(values.body.data[code]?.map((row) => row.id)).toEqual([value.id]);
    }
    const customer = await post(MASTER_ENDPOINTS.listByCode.path, { code }, as.customer);
    expect(customer.status).toBe(403);
    expect((await client().post(MASTER_ENDPOINTS.listByCode.path, { code })).status).toBe(401);
  });
});

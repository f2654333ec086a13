import {
  accountResource,
  masterResource,
  type PaginateResult,
  RESOURCE_MESSAGES,
  type ResourceRecord,
  resourcePaths,
  USER_ENDPOINTS,
  USER_TYPES,
} from '@facet/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseAvailable, startServer, type TestServer } from './harness.ts';
import { adminToken } from './sign-in.ts';
import { createUserViaApi, unique } from './user-admin.ts';

const account = resourcePaths(accountResource);
const master = resourcePaths(masterResource);

type Page = PaginateResult<ResourceRecord>;

/**
 * A company's business type, nature and size are values of one master each, its sales person a staff
 * user: what the server accepts, the titles it answers, the filters and the export, on both databases.
 */
describe.skipIf(!(await databaseAvailable()))('references narrowed to a master, and to users', () => {
  let server: TestServer;
  let token: string;
  const client = () => server.client();
  const post = <T = ResourceRecord>(path: string, body: unknown) => client().post<T>(path, body, token);
  const put = (id: string, body: unknown) =>
    client().request<ResourceRecord>('PUT', account.byId(id), { body, token });
  const values: Record<string, string> = {};
  let businessType: string;
  let sales: { id: string; name: string };

  async function value(mainCode: string, name: string): Promise<string> {
    values[mainCode] ??= (await post(master.create, { name: mainCode, code: mainCode })).body.data.id;
    const created = await post(master.create, { name, code: name.toUpperCase(), parentId: values[mainCode] });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    return created.body.data.id;
  }
  const company = (fields: Record<string, unknown>) =>
    post(account.create, { name: unique('Company '), code: unique('C').slice(0, 30), ...fields });
  const refusal = (field: string, label: string) => ({
    code: 'E_BAD_REQUEST',
    errors: [{ field, message: RESOURCE_MESSAGES.invalidReference(label) }],
  });

  beforeAll(async () => {
    server = await startServer();
    token = await adminToken(server, client());
    businessType = await value('BUSINESS_TYPE', 'Retailer');
    const user = await createUserViaApi(client(), token, { type: USER_TYPES.EMPLOYEE });
    sales = { id: user.id, name: user.name };
  });
  afterAll(async () => {
    await server?.close();
  });

  it('accepts a value of the named master and answers its title', async () => {
    const size = await value('COMPANY_SIZE', 'Large');
    const created = await company({
      businessTypeId: businessType,
      companySizeId: size,
      salesPersonId: sales.id,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.data).toMatchObject({
      businessTypeId: businessType,
      businessTypeTitle: 'Retailer',
      companySizeTitle: 'Large',
      natureOfOrganisationTitle: null,
      salesPersonId: sales.id,
      salesPersonTitle: sales.name,
    });
  });

  it('refuses a value of another master, a main master, and a deleted value', async () => {
    const round = await value('SHAPE', 'Round');
    expect((await company({ businessTypeId: round })).body).toMatchObject(
      refusal('businessTypeId', 'Business type'),
    );
    const main = values.BUSINESS_TYPE as string;
    expect((await company({ businessTypeId: main })).status).toBe(400);
    const gone = await value('BUSINESS_TYPE', 'Broker');
    await client().request('DELETE', master.byId(gone), { token });
    expect((await company({ businessTypeId: gone })).body).toMatchObject(
      refusal('businessTypeId', 'Business type'),
    );
  });

  it('takes an active staff user as sales person, and keeps one who has left', async () => {
    const customer = await createUserViaApi(client(), token, { type: USER_TYPES.CUSTOMER });
    expect((await company({ salesPersonId: customer.id })).body).toMatchObject(
      refusal('salesPersonId', 'Sales person'),
    );
    const leaving = await createUserViaApi(client(), token, { type: USER_TYPES.ADMIN });
    const kept = await company({ salesPersonId: leaving.id });
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    expect(
      (await client().call(USER_ENDPOINTS.setActive, { id: leaving.id, isActive: false }, { token })).status,
    ).toBe(200);
    expect((await company({ salesPersonId: leaving.id })).status).toBe(400);
    // Editing another field leaves the sales person alone: only a changed reference is checked.
    const edited = await put(kept.body.data.id, { website: 'https://example.com' });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.data.salesPersonTitle).toBe(leaving.name);
    const deleted = await createUserViaApi(client(), token);
    await client().call(USER_ENDPOINTS.remove, undefined, { token, params: { id: deleted.id } });
    expect((await company({ salesPersonId: deleted.id })).status).toBe(400);
  });

  it('filters by value and by sales person, and exports the titles', async () => {
    const mine = await company({ businessTypeId: businessType, salesPersonId: sales.id });
    const other = await company({});
    const byType = await post<Page>(account.paginate, {
      filter: { businessTypeId: businessType },
      limit: 500,
    });
    expect(byType.status).toBe(200);
    const typed = byType.body.data.list.map((row) => row.id);
    expect(typed).toContain(mine.body.data.id);
    expect(typed).not.toContain(other.body.data.id);
    const bySales = await post<Page>(account.paginate, { filter: { salesPersonId: sales.id }, limit: 500 });
    expect(bySales.body.data.list.every((row) => row.salesPersonId === sales.id)).toBe(true);
    expect(bySales.body.data.list.map((row) => row.id)).toContain(mine.body.data.id);
    expect((await post(account.paginate, { filter: { salesPersonId: 'x' } })).status).toBe(400);

    const file = await fetch(`${server.url}/${account.export}`, {
      method: 'POST',
      headers: { authorization: `JWT ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        format: 'csv',
        filter: { businessTypeId: businessType },
        columns: ['name', 'businessTypeId', 'salesPersonId'],
      }),
    });
    const lines = (await file.text()).trim().split('\n');
    expect(lines[0]).toContain('Business type,Sales person');
    expect(lines).toContainEqual(expect.stringContaining(`Retailer,${sales.name}`));
  });
});

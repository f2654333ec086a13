import {
  ACCOUNT_ENDPOINTS,
  AUDIT_ENDPOINTS,
  type AuditEntry,
  accountResource,
  countryResource,
  type PaginateResult,
  RESOURCE_ENDPOINTS,
  type ResourceRecord,
  resourcePaths,
  stoneResource,
} from '@facet/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs } from '../src/resources/audit-table.ts';
import { databaseAvailable, startServer, type TestServer } from './harness.ts';
import { adminToken } from './sign-in.ts';
import { createStones, gradeIds } from './test-stones.ts';
import { unique } from './user-admin.ts';

const account = resourcePaths(accountResource);
const country = resourcePaths(countryResource);
const stone = resourcePaths(stoneResource);

/** Every history answers the names behind the ids its entries hold, so no screen shows an id. */
describe.skipIf(!(await databaseAvailable()))('names in the audit trail', () => {
  let server: TestServer;
  let token: string;
  const client = () => server.client();
  const post = <T = ResourceRecord>(path: string, body: unknown) => client().post<T>(path, body, token);
  const put = (path: string, body: unknown) => client().request<ResourceRecord>('PUT', path, { body, token });
  const history = async (path: string) => {
    const response = await client().get<AuditEntry[]>(path, token);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body.data;
  };
  const countryByCode = async (code: string) => {
    const response = await post<PaginateResult<ResourceRecord>>(country.paginate, {
      search: code,
      limit: 500,
    });
    const found = response.body.data.list.find((row) => row.code === code);
    if (!found) throw new Error(`no country ${code}`);
    return found;
  };

  beforeAll(async () => {
    server = await startServer({}, { seed: { referenceData: true } });
    token = await adminToken(server, client());
  });
  afterAll(async () => {
    await server?.close();
  });

  it("names a company's country, its approver and itself, in its history and its Activity", async () => {
    const [belgium, india] = await Promise.all([countryByCode('BE'), countryByCode('IN')]);
    const code = unique('N');
    const created = await post(account.create, { name: `Names ${code}`, code, countryId: belgium.id });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const id = created.body.data.id as string;
    expect((await put(account.byId(id), { countryId: india.id })).status).toBe(200);
    const approved = await post(RESOURCE_ENDPOINTS.booleanStatusUpdate.path, {
      id,
      model: 'account',
      fieldName: 'isApproved',
      status: true,
    });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    const approver = approved.body.data.approvedBy as string;

    const [toggle, update, create] = await history(account.history(id));
    expect(create).toMatchObject({
      action: 'account.create',
      after: { countryId: belgium.id },
      names: { [id]: `Names ${code}`, [belgium.id]: belgium.name },
    });
    expect(update).toMatchObject({
      action: 'account.update',
      names: { [belgium.id]: belgium.name, [india.id]: india.name },
    });
    expect(toggle).toMatchObject({ action: 'account.status', names: { [approver]: 'Super Admin' } });

    // The company's Activity carries its documents' entries, named by their type.
    const document = await client().call(
      ACCOUNT_ENDPOINTS.createDocument,
      { documentType: 'Passport', fileUrl: '/files/a/passport.pdf' },
      { token, params: { id } },
    );
    expect(document.status, JSON.stringify(document.body)).toBe(200);
    const documentId = document.body.data.id;
    const rejected = await client().call(
      ACCOUNT_ENDPOINTS.reviewDocument,
      { status: 3, reason: 'Expired' },
      { token, params: { id: documentId } },
    );
    expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);
    const details = await client().call(ACCOUNT_ENDPOINTS.details, undefined, { token, params: { id } });
    expect(details.status).toBe(200);
    const activity = details.body.data.activity;
    expect(activity.find((entry) => entry.action === 'accountDocument.status')).toMatchObject({
      entityId: documentId,
      names: { [documentId]: 'Passport', [id]: `Names ${code}` },
    });
    expect(activity.find((entry) => entry.action === 'account.create')?.names[belgium.id]).toBe(belgium.name);
  });

  it("names a stone's master values through a status and a shape change", async () => {
    const [created] = await createStones(client(), token, [
      { stockNumber: unique('NM'), carat: 1.01, shape: 'Round', color: 'F', clarity: 'VS2' },
    ]);
    const id = (created as ResourceRecord).id;
    const idOf = await gradeIds(client(), token);
    const round = idOf('SHAPE', 'Round');
    const pear = idOf('SHAPE', 'Pear');
    const changed = await put(stone.byId(id), { status: 'D', shapeId: pear });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);

    const [update, create] = await history(stone.history(id));
    expect(update).toMatchObject({
      action: 'diamond.update',
      before: { status: 'A', shapeId: round },
      after: { status: 'D', shapeId: pear },
      names: { [id]: created?.stockNumber, [round]: 'Round', [pear]: 'Pear' },
    });
    expect(create?.names).toMatchObject({
      [round]: 'Round',
      [idOf('COLOR', 'F')]: 'F',
      [idOf('CLARITY', 'VS2')]: 'VS2',
    });
  });

  it('answers names on the audit screen too, and leaves out an id that reads nothing', async () => {
    const code = unique('G');
    const created = await post(account.create, { name: `Gone ${code}`, code });
    const id = created.body.data.id as string;
    const trail = await client().call(
      AUDIT_ENDPOINTS.paginate,
      { filter: { entityType: 'account', entityId: id } },
      { token },
    );
    expect(trail.status, JSON.stringify(trail.body)).toBe(200);
    expect(trail.body.data.list).toEqual([
      expect.objectContaining({ action: 'account.create', names: { [id]: `Gone ${code}` } }),
    ]);

    // A trail row pointing at a user that never existed is answered without a name for it.
    const ghost = '00000000-0000-4000-8000-00000000dead';
    await server.database.db.insert(auditLogs).values({
      action: 'account.update',
      entityType: 'account',
      entityId: id,
      before: { salesPersonId: null },
      after: { salesPersonId: ghost },
    });
    const [latest] = await history(account.history(id));
    expect(latest?.after).toEqual({ salesPersonId: ghost });
    expect(latest?.names).toEqual({ [id]: `Gone ${code}` });
  });
});

import {
  ACCOUNT_ENDPOINTS,
  ACCOUNT_MESSAGES,
  accountResource,
  dayTermResource,
  type PaginateResult,
  pathOf,
  RESOURCE_ENDPOINTS,
  type ResourceRecord,
  resourcePaths,
  USER_ENDPOINTS,
  USER_MESSAGES,
  USER_TYPES,
  type UserRecord,
} from '@facet/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs } from '../src/resources/audit-table.ts';
import { databaseAvailable, startServer, type TestServer } from './harness.ts';
import { adminToken } from './sign-in.ts';
import { createUserViaApi, unique, userWithRole } from './user-admin.ts';

const account = resourcePaths(accountResource);
const dayTerm = resourcePaths(dayTermResource);
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const ACCOUNT_MODULE_ID = 13;

/** Customer companies over real HTTP: the generic resource, users, KYC documents, details; both databases. */
describe.skipIf(!(await databaseAvailable()))('customer companies', () => {
  let server: TestServer;
  let token: string;
  let adminId: string;
  const client = () => server.client();
  const post = <T = ResourceRecord>(path: string, body: unknown, as = token) =>
    client().post<T>(path, body, as);
  const put = <T = ResourceRecord>(path: string, body: unknown, as = token) =>
    client().request<T>('PUT', path, { body, token: as });
  const remove = <T = unknown>(path: string, as = token) =>
    client().request<T>('DELETE', path, { token: as });
  const get = <T = ResourceRecord>(path: string, as = token) => client().get<T>(path, as);

  const createCompany = async (fields: Record<string, unknown> = {}) => {
    const code = unique('C');
    const response = await post(account.create, { name: `Company ${code}`, code, ...fields });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body.data;
  };
  const auditRows = (entityType: string, entityId: string) =>
    server.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entityType, entityType), eq(auditLogs.entityId, entityId)));

  beforeAll(async () => {
    server = await startServer({}, { seed: { referenceData: true } });
    token = await adminToken(server, client());
    const me = await client().call(USER_ENDPOINTS.paginate, { search: 'admin' }, { token });
    adminId = (me.body.data.list.find((user) => user.username === 'admin') as UserRecord).id;
  });
  afterAll(async () => {
    await server?.close();
  });

  it('creates, reads, lists, updates and deletes a company through the generic endpoints', async () => {
    const terms = await post<PaginateResult<ResourceRecord>>(dayTerm.paginate, {});
    const term = terms.body.data.list[0] as ResourceRecord;
    const created = await createCompany({
      displayName: 'Brilliant Co',
      emails: ['desk@brilliant.example', 'kyc@brilliant.example'],
      phones: ['+32 3 555 0101'],
      bankDetails: 'IBAN BE71 0961 2345 6769',
      paymentTermId: term.id,
      creditLimit: 250000.5,
      externalId: 'EXT-1',
    });
    expect(created).toMatchObject({
      displayName: 'Brilliant Co',
      emails: ['desk@brilliant.example', 'kyc@brilliant.example'],
      creditLimit: 250000.5,
      paymentTermTitle: term.name,
      isApproved: false,
      approvedBy: null,
      approvedAt: null,
      isActive: true,
    });

    const read = await get(account.byId(created.id));
    expect(read.status).toBe(200);
    expect(read.body.data.code).toBe(created.code);

    const listed = await post<PaginateResult<ResourceRecord>>(account.paginate, { search: created.code });
    expect(listed.body.data.list.map((row) => row.id)).toEqual([created.id]);

    const updated = await put(account.byId(created.id), { taxNumber: 'VAT-9', creditLimit: 1000 });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ taxNumber: 'VAT-9', creditLimit: 1000 });

    // The code is unique among live companies, ignoring case.
    const clash = await post(account.create, { name: 'Other', code: String(created.code).toLowerCase() });
    expect(clash.status).toBe(409);
    expect(clash.body).toMatchObject({ errors: [{ field: 'code' }] });

    // The stamps are the server's to write.
    const stampWrite = await put(account.byId(created.id), { approvedBy: adminId });
    expect(stampWrite.status).toBe(400);

    const gone = await remove(account.byId(created.id));
    expect(gone.status).toBe(200);
    expect((await get(account.byId(created.id))).status).toBe(404);
    // A deleted company frees its code.
    await createCompany({ code: created.code });
  });

  it('stamps who approved and verified, and when; clears the stamp when the flag goes off', async () => {
    const company = await createCompany();
    const before = Date.now();
    const approved = await post(RESOURCE_ENDPOINTS.booleanStatusUpdate.path, {
      id: company.id,
      model: 'account',
      fieldName: 'isApproved',
      status: true,
    });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body.message).toBe(`Company '${company.name}' approved.`);
    expect(approved.body.data).toMatchObject({ isApproved: true, approvedBy: adminId });
    expect(Date.parse(approved.body.data.approvedAt as string)).toBeGreaterThanOrEqual(before - 1000);
    expect(approved.body.data.verifiedBy).toBeNull();

    const verified = await put(account.byId(company.id), { isVerified: true });
    expect(verified.body.data).toMatchObject({ isVerified: true, verifiedBy: adminId });

    const trail = await auditRows('account', company.id);
    const status = trail.find((row) => row.action === 'account.status');
    expect(status?.after).toMatchObject({ isApproved: true, approvedBy: adminId });

    const revoked = await post(RESOURCE_ENDPOINTS.booleanStatusUpdate.path, {
      id: company.id,
      model: 'account',
      fieldName: 'isApproved',
      status: false,
    });
    expect(revoked.body.message).toBe(`Company '${company.name}' no longer approved.`);
    expect(revoked.body.data).toMatchObject({ isApproved: false, approvedBy: null, approvedAt: null });

    // Created approved: stamped at once.
    const born = await createCompany({ isApproved: true });
    expect(born).toMatchObject({ isApproved: true, approvedBy: adminId });
    expect(born.approvedAt).toEqual(expect.any(String));
  });

  it('links customer users to a live company only', async () => {
    const company = await createCompany();
    const customer = await createUserViaApi(client(), token, {
      type: USER_TYPES.CUSTOMER,
      accountId: company.id,
    });
    expect(customer.accountId).toBe(company.id);

    const unknown = await client().call(
      USER_ENDPOINTS.create,
      {
        type: USER_TYPES.CUSTOMER,
        name: 'Nobody',
        username: unique('n'),
        emails: [{ value: `${unique('n')}@example.com`, isPrimary: true }],
        password: 'Start#Pass1',
        accountId: UNKNOWN_ID,
      },
      { token },
    );
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({
      errors: [{ field: 'accountId', message: USER_MESSAGES.accountNotFound }],
    });

    const staff = await createUserViaApi(client(), token, { type: USER_TYPES.EMPLOYEE });
    const staffLink = await client().call(
      USER_ENDPOINTS.update,
      { accountId: company.id },
      { token, params: { id: staff.id } },
    );
    expect(staffLink.status).toBe(400);
    expect(staffLink.body).toMatchObject({ errors: [{ field: 'accountId' }] });

    const moved = await client().call(
      USER_ENDPOINTS.update,
      { accountId: UNKNOWN_ID },
      { token, params: { id: customer.id } },
    );
    expect(moved.status).toBe(400);

    const listed = await client().call(
      USER_ENDPOINTS.paginate,
      {
        filter: { accountId: company.id },
      },
      { token },
    );
    expect(listed.body.data.list.map((user) => user.id)).toEqual([customer.id]);

    // Becoming staff leaves the company.
    const promoted = await client().call(
      USER_ENDPOINTS.update,
      { type: USER_TYPES.EMPLOYEE },
      { token, params: { id: customer.id } },
    );
    expect(promoted.status, JSON.stringify(promoted.body)).toBe(200);
    expect(promoted.body.data.accountId).toBeNull();
  });

  it('adds, lists, reviews and deletes KYC documents, each with its audit row', async () => {
    const company = await createCompany();
    const created = await client().call(
      ACCOUNT_ENDPOINTS.createDocument,
      {
        documentType: 'Passport',
        documentNumber: 'P1234567',
        fileUrl: '/files/5f0c9a43-0b7e-4b55-9a3e-0f1b2c3d4e5f/passport.pdf',
      },
      { token, params: { id: company.id } },
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.message).toBe("Document 'Passport' created.");
    const document = created.body.data;
    expect(document).toMatchObject({
      accountId: company.id,
      documentType: 'Passport',
      status: 1,
      createdBy: adminId,
      reviewedBy: null,
    });
    expect((await auditRows('accountDocument', document.id)).map((row) => row.action)).toEqual([
      'accountDocument.create',
    ]);

    const invalid = await client().call(
      ACCOUNT_ENDPOINTS.createDocument,
      {
        documentType: '',
        fileUrl: 'javascript:x',
      },
      { token, params: { id: company.id } },
    );
    expect(invalid.status).toBe(400);
    expect(
      (
        await client().call(
          ACCOUNT_ENDPOINTS.createDocument,
          { documentType: 'X', fileUrl: '/files/a' },
          { token, params: { id: UNKNOWN_ID } },
        )
      ).status,
    ).toBe(404);

    const second = await client().call(
      ACCOUNT_ENDPOINTS.createDocument,
      {
        documentType: 'Trade licence',
        fileUrl: 'https://kyc.example/licence.pdf',
      },
      { token, params: { id: company.id } },
    );
    const list = await client().call(ACCOUNT_ENDPOINTS.documents, {}, { token, params: { id: company.id } });
    expect(list.status).toBe(200);
    expect(list.body.data.list.map((row) => row.id)).toEqual([second.body.data.id, document.id]);

    const approved = await client().call(
      ACCOUNT_ENDPOINTS.reviewDocument,
      { status: 2 },
      { token, params: { id: document.id } },
    );
    expect(approved.status).toBe(200);
    expect(approved.body.message).toBe("Document 'Passport' approved.");
    expect(approved.body.data).toMatchObject({ status: 2, reviewedBy: adminId, rejectionReason: null });
    expect(approved.body.data.reviewedAt).toEqual(expect.any(String));

    const noReason = await client().call(
      ACCOUNT_ENDPOINTS.reviewDocument,
      { status: 3 },
      { token, params: { id: second.body.data.id } },
    );
    expect(noReason.status).toBe(400);
    expect(noReason.body).toMatchObject({
      errors: [{ field: 'reason', message: ACCOUNT_MESSAGES.reasonRequired }],
    });
    const rejected = await client().call(
      ACCOUNT_ENDPOINTS.reviewDocument,
      {
        status: 3,
        reason: 'Expired licence',
      },
      { token, params: { id: second.body.data.id } },
    );
    expect(rejected.status).toBe(200);
    expect(rejected.body.data).toMatchObject({ status: 3, rejectionReason: 'Expired licence' });
    expect(
      (await put(pathOf(ACCOUNT_ENDPOINTS.reviewDocument, { id: document.id }), { status: 1 })).status,
    ).toBe(400);

    const pending = await client().call(
      ACCOUNT_ENDPOINTS.documents,
      {
        filter: { status: 3 },
      },
      { token, params: { id: company.id } },
    );
    expect(pending.body.data.list.map((row) => row.id)).toEqual([second.body.data.id]);

    const deleted = await client().call(ACCOUNT_ENDPOINTS.deleteDocument, undefined, {
      token,
      params: { id: document.id },
    });
    expect(deleted.status).toBe(200);
    expect(
      (
        await client().call(ACCOUNT_ENDPOINTS.deleteDocument, undefined, {
          token,
          params: { id: document.id },
        })
      ).status,
    ).toBe(404);
    const after = await client().call(ACCOUNT_ENDPOINTS.documents, {}, { token, params: { id: company.id } });
    expect(after.body.data.list.map((row) => row.id)).toEqual([second.body.data.id]);
    const trail = await auditRows('accountDocument', document.id);
    expect(trail.map((row) => row.action).sort()).toEqual([
      'accountDocument.create',
      'accountDocument.delete',
      'accountDocument.status',
    ]);
    expect(trail.every((row) => row.actorId === adminId)).toBe(true);
  });

  it('answers the details: company, users, payment term, documents and activity', async () => {
    const terms = await post<PaginateResult<ResourceRecord>>(dayTerm.paginate, {});
    const term = terms.body.data.list[0] as ResourceRecord;
    const company = await createCompany({ paymentTermId: term.id });
    await post(RESOURCE_ENDPOINTS.booleanStatusUpdate.path, {
      id: company.id,
      model: 'account',
      fieldName: 'isVerified',
      status: true,
    });
    const member = await createUserViaApi(client(), token, {
      type: USER_TYPES.PERMANENT_GUEST,
      accountId: company.id,
    });
    const document = await client().call(
      ACCOUNT_ENDPOINTS.createDocument,
      {
        documentType: 'Passport',
        fileUrl: '/files/a/b.pdf',
      },
      { token, params: { id: company.id } },
    );

    const details = await client().call(ACCOUNT_ENDPOINTS.details, undefined, {
      token,
      params: { id: company.id },
    });
    expect(details.status).toBe(200);
    const data = details.body.data;
    expect(data.account).toMatchObject({
      id: company.id,
      isVerified: true,
      verifiedByName: expect.any(String),
    });
    expect(data.account.approvedByName).toBeNull();
    expect(data.users).toEqual([
      {
        id: member.id,
        name: member.name,
        username: member.username,
        primaryEmail: member.emails[0]?.value,
        type: USER_TYPES.PERMANENT_GUEST,
        isActive: true,
      },
    ]);
    expect(data.paymentTerm).toMatchObject({ id: term.id, name: term.name });
    expect(data.documents.map((row) => row.id)).toEqual([document.body.data.id]);
    expect(data.activity.map((entry) => entry.action)).toEqual([
      'accountDocument.create',
      'account.status',
      'account.create',
    ]);
    expect(data.activity[0]?.actorName).toEqual(expect.any(String));

    expect(
      (await client().call(ACCOUNT_ENDPOINTS.details, undefined, { token, params: { id: UNKNOWN_ID } }))
        .status,
    ).toBe(404);
    expect(
      (await client().call(ACCOUNT_ENDPOINTS.details, undefined, { token, params: { id: 'not-an-id' } }))
        .status,
    ).toBe(404);
  });

  it('lets an employee with Account view only read, never write', async () => {
    const company = await createCompany();
    const document = await client().call(
      ACCOUNT_ENDPOINTS.createDocument,
      {
        documentType: 'Passport',
        fileUrl: '/files/a/b.pdf',
      },
      { token, params: { id: company.id } },
    );
    const viewer = await userWithRole(server, token, USER_TYPES.EMPLOYEE, 'admin', [
      { id: ACCOUNT_MODULE_ID, permissions: { view: true } },
    ]);
    const as = viewer.token;
    expect((await post(account.paginate, {}, as)).status).toBe(200);
    expect((await get(account.byId(company.id), as)).status).toBe(200);
    expect(
      (await client().call(ACCOUNT_ENDPOINTS.details, undefined, { token: as, params: { id: company.id } }))
        .status,
    ).toBe(200);
    expect(
      (await client().call(ACCOUNT_ENDPOINTS.documents, {}, { token: as, params: { id: company.id } }))
        .status,
    ).toBe(200);

    expect((await post(account.create, { name: 'X', code: unique('X') }, as)).status).toBe(403);
    expect((await put(account.byId(company.id), { name: 'Y' }, as)).status).toBe(403);
    expect((await remove(account.byId(company.id), as)).status).toBe(403);
    expect(
      (
        await post(
          RESOURCE_ENDPOINTS.booleanStatusUpdate.path,
          { id: company.id, model: 'account', fieldName: 'isApproved', status: true },
          as,
        )
      ).status,
    ).toBe(403);
    expect(
      (
        await client().call(
          ACCOUNT_ENDPOINTS.createDocument,
          { documentType: 'X', fileUrl: '/files/a' },
          { token: as, params: { id: company.id } },
        )
      ).status,
    ).toBe(403);
    expect(
      (
        await client().call(
          ACCOUNT_ENDPOINTS.reviewDocument,
          { status: 2 },
          { token: as, params: { id: document.body.data.id } },
        )
      ).status,
    ).toBe(403);
    expect(
      (
        await client().call(ACCOUNT_ENDPOINTS.deleteDocument, undefined, {
          token: as,
          params: { id: document.body.data.id },
        })
      ).status,
    ).toBe(403);

    const outsider = await userWithRole(server, token, USER_TYPES.EMPLOYEE, 'admin', [
      { id: 14, permissions: { view: true } },
    ]);
    expect(
      (
        await client().call(ACCOUNT_ENDPOINTS.details, undefined, {
          token: outsider.token,
          params: { id: company.id },
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await client().call(
          ACCOUNT_ENDPOINTS.documents,
          {},
          { token: outsider.token, params: { id: company.id } },
        )
      ).status,
    ).toBe(403);
  });
});

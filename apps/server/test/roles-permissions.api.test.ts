import {
  AUDIT_ENDPOINTS,
  AUTH_ENDPOINTS,
  PERMISSION_ENDPOINTS,
  PERMISSION_MESSAGES,
  ROLE_ENDPOINTS,
  type RoleRecord,
  USER_ENDPOINTS,
  USER_MESSAGES,
  USER_TYPES,
} from '@facet/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseAvailable, startServer, type TestServer } from './harness.ts';
import { adminToken } from './sign-in.ts';
import { createRole, createUserViaApi, userWithRole } from './user-admin.ts';

const ALL = { view: true, insert: true, update: true, delete: true };

describe.skipIf(!(await databaseAvailable()))('roles, permissions and audit', () => {
  let server: TestServer;
  let token: string;
  const client = () => server.client();

  beforeAll(async () => {
    server = await startServer();
    token = await adminToken(server, server.client());
  });
  afterAll(async () => {
    await server?.close();
  });

  it('manages roles and refuses to delete one in use', async () => {
    const roleId = await createRole(client(), token, 'admin', [{ id: 5, permissions: { view: true } }]);
    const dup = await client().call(ROLE_ENDPOINTS.create, { name: 'x', scope: 'admin' }, { token });
    expect(dup.status).toBe(200);
    const again = await client().call(ROLE_ENDPOINTS.create, { name: 'X', scope: 'admin' }, { token });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(USER_MESSAGES.duplicateRole);
    const view = await client().call(PERMISSION_ENDPOINTS.viewByRole, undefined, {
      token,
      params: { roleId },
    });
    expect(view.body.data.permissions).toEqual([
      {
        id: 5,
        module: 'Banner',
        title: 'Banner',
        permissions: { view: true, insert: false, update: false, delete: false },
      },
    ]);
    const user = await createUserViaApi(client(), token, { roleId });
    const read = await client().call(ROLE_ENDPOINTS.get, undefined, { token, params: { id: roleId } });
    expect(read.body.data.userCount).toBe(1);
    const inUse = await client().call(ROLE_ENDPOINTS.remove, undefined, { token, params: { id: roleId } });
    expect(inUse.status).toBe(409);
    expect(inUse.body).toMatchObject({ code: 'E_CONFLICT', message: USER_MESSAGES.roleInUse });
    await client().call(USER_ENDPOINTS.update, { roleId: null }, { token, params: { id: user.id } });
    expect(
      (await client().call(ROLE_ENDPOINTS.remove, undefined, { token, params: { id: roleId } })).status,
    ).toBe(200);
    expect(
      (await client().call(ROLE_ENDPOINTS.get, undefined, { token, params: { id: roleId } })).status,
    ).toBe(404);
    const page = await client().call(
      ROLE_ENDPOINTS.paginate,
      { filter: { scope: 'admin' }, sort: { name: 'asc' } },
      { token },
    );
    expect(page.body.data.list.map((role) => role.name)).toContain('x');
    const renamed = await client().call(
      ROLE_ENDPOINTS.update,
      { description: 'd' },
      { token, params: { id: (dup.body.data as RoleRecord).id } },
    );
    expect(renamed.body.data).toMatchObject({ name: 'x', description: 'd', isActive: true });
  });

  it('checks the scope of roles and permission sets', async () => {
    const customerRole = await createRole(client(), token, 'customer', [
      { id: 2, permissions: { view: true } },
    ]);
    const wrong = await client().call(
      USER_ENDPOINTS.create,
      {
        type: 6,
        name: 'X',
        username: 'scopey',
        emails: [{ value: 'scopey@example.com', isPrimary: true }],
        password: 'Start#Pass1',
        roleId: customerRole,
      },
      { token },
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe(USER_MESSAGES.roleScopeMismatch);
    const mismatch = await client().call(
      PERMISSION_ENDPOINTS.upsert,
      { roleId: customerRole, scope: 'admin', permissions: [] },
      { token },
    );
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.message).toBe(PERMISSION_MESSAGES.scopeMismatch);
  });

  it('applies permission changes at the next request, without a new sign-in', async () => {
    const { user, token: userToken } = await userWithRole(server, token, USER_TYPES.EMPLOYEE, 'admin', [
      { id: 14, permissions: { view: true } },
    ]);
    const me = () => client().call(AUTH_ENDPOINTS.getLoginUser, undefined, { token: userToken });
    expect((await me()).body.data.userPermissions.data.map((entry) => entry.module)).toEqual(['User']);
    // An override replaces the role's flags for one module and adds another.
    const saved = await client().call(
      PERMISSION_ENDPOINTS.upsert,
      {
        userId: user.id,
        scope: 'admin',
        permissions: [
          { id: 14, permissions: {} },
          { id: 1, permissions: { view: true } },
        ],
      },
      { token },
    );
    expect(saved.status).toBe(200);
    expect((await me()).body.data.userPermissions.data.map((entry) => entry.module)).toEqual(['Login']);
    expect((await client().call(USER_ENDPOINTS.paginate, {}, { token: userToken })).status).toBe(403);
    const detail = await client().call(PERMISSION_ENDPOINTS.userPermission, { userId: user.id }, { token });
    expect(detail.body.data.role.map((entry) => entry.module)).toEqual(['User']);
    expect(detail.body.data.overrides.map((entry) => entry.module)).toEqual(['Login', 'User']);
    expect(detail.body.data.effective.map((entry) => entry.module)).toEqual(['Login']);
    // Switching the role off takes its set away too.
    await client().call(
      PERMISSION_ENDPOINTS.upsert,
      { userId: user.id, scope: 'admin', permissions: [] },
      { token },
    );
    expect((await me()).body.data.userPermissions.data).toHaveLength(1);
    await client().call(
      ROLE_ENDPOINTS.update,
      { isActive: false },
      { token, params: { id: user.roleId ?? '' } },
    );
    expect((await me()).body.data.userPermissions.data).toEqual([]);
    const stored = await client().call(
      PERMISSION_ENDPOINTS.paginate,
      { filter: { roleId: user.roleId ?? undefined } },
      { token },
    );
    expect(stored.body.data).toMatchObject({
      count: 1,
      list: [{ roleId: user.roleId, scope: 'admin', module: 'User' }],
    });
  });

  it('refuses to grant more than the actor holds', async () => {
    const { token: managerToken } = await userWithRole(server, token, USER_TYPES.EMPLOYEE, 'admin', [
      { id: 14, permissions: { view: true, insert: true, update: true } },
      { id: 204, permissions: { view: true } },
    ]);
    const bannerRole = await createRole(client(), token, 'admin', [{ id: 5, permissions: { view: true } }]);
    const target = await createUserViaApi(client(), token);
    const grant = await client().call(
      PERMISSION_ENDPOINTS.upsert,
      { userId: target.id, scope: 'admin', permissions: [{ id: 5, permissions: { view: true } }] },
      { token: managerToken },
    );
    expect(grant.status).toBe(403);
    expect(grant.body.message).toBe(PERMISSION_MESSAGES.grantExceedsOwn);
    const widen = await client().call(
      PERMISSION_ENDPOINTS.upsert,
      { roleId: bannerRole, scope: 'admin', permissions: [{ id: 14, permissions: ALL }] },
      { token: managerToken },
    );
    expect(widen.status).toBe(403);
    const assign = await client().call(
      USER_ENDPOINTS.update,
      { roleId: bannerRole },
      { token: managerToken, params: { id: target.id } },
    );
    expect(assign.status).toBe(403);
    expect(assign.body.message).toBe(USER_MESSAGES.roleGrantExceedsOwn);
    const createWith = await client().call(
      USER_ENDPOINTS.create,
      {
        type: 6,
        name: 'X',
        username: 'esc1',
        emails: [{ value: 'esc1@example.com', isPrimary: true }],
        password: 'Start#Pass1',
        roleId: bannerRole,
      },
      { token: managerToken },
    );
    expect(createWith.status).toBe(403);
    const within = await client().call(
      PERMISSION_ENDPOINTS.upsert,
      { userId: target.id, scope: 'admin', permissions: [{ id: 14, permissions: { view: true } }] },
      { token: managerToken },
    );
    expect(within.status).toBe(200);
  });

  it('records every change with before and after, readable by super admins only', async () => {
    const user = await createUserViaApi(client(), token, { name: 'Audited' });
    await client().call(
      USER_ENDPOINTS.update,
      { name: 'Audited Two', designation: 'Sorter' },
      { token, params: { id: user.id } },
    );
    await client().call(USER_ENDPOINTS.resetPassword, { id: user.id, password: 'Temp#Pass44' }, { token });
    await client().call(
      PERMISSION_ENDPOINTS.upsert,
      { userId: user.id, scope: 'admin', permissions: [{ id: 5, permissions: { view: true } }] },
      { token },
    );
    const trail = await client().call(
      AUDIT_ENDPOINTS.paginate,
      { filter: { userId: user.id }, sort: { createdAt: 'asc' } },
      { token: token },
    );
    expect(trail.status).toBe(200);
    const entries = trail.body.data.list.filter((entry) => entry.entityId === user.id);
    expect(entries.map((entry) => entry.action)).toEqual([
      'user.create',
      'user.update',
      'user.reset_password',
      'permission.user',
    ]);
    expect(entries[0]?.actorName).toBe('Super Admin');
    expect(entries[1]).toMatchObject({
      before: { name: 'Audited', designation: null },
      after: { name: 'Audited Two', designation: 'Sorter' },
    });
    expect(Object.keys(entries[1]?.after ?? {}).sort()).toEqual(['designation', 'name']);
    expect(entries[3]?.after).toEqual({
      Banner: {
        view: true,
        insert: false,
        update: false,
        delete: false,
      },
    });
    expect(JSON.stringify(trail.body)).not.toMatch(/argon2|passwordHash|Temp#Pass44/);
    expect(entries[0]?.ip).toMatch(/^10\./);

    const { token: viewer } = await userWithRole(server, token, USER_TYPES.ADMIN, 'admin', [
      { id: 14, permissions: ALL },
    ]);
    const refused = await client().call(AUDIT_ENDPOINTS.paginate, {}, { token: viewer });
    expect(refused.status).toBe(403);
  });

  it('refuses a module the server does not serve, naming the item', async () => {
    const created = await client().call(
      ROLE_ENDPOINTS.create,
      { name: 'Unknown module', scope: 'admin' },
      { token },
    );
    const roleId = created.body.data.id;
    const refused = await client().call(
      PERMISSION_ENDPOINTS.upsert,
      {
        roleId,
        scope: 'admin',
        permissions: [
          { id: 5, permissions: { view: true } },
          { id: 999, permissions: { view: true } },
        ],
      },
      { token },
    );
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      code: 'E_BAD_REQUEST',
      message: PERMISSION_MESSAGES.unknownModule,
      errors: [{ field: 'permissions.1.id', message: PERMISSION_MESSAGES.unknownModule }],
    });
    const view = await client().call(PERMISSION_ENDPOINTS.viewByRole, undefined, {
      token,
      params: { roleId },
    });
    expect(view.body.data.permissions).toEqual([]);
  });
});

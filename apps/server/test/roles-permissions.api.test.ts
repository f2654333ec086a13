import {
  API,
  type AuditEntry,
  type LoginUserData,
  type PaginateResult,
  PERMISSION_MESSAGES,
  type RolePermissionData,
  type RoleRecord,
  USER_MESSAGES,
  USER_TYPES,
  type UserPermissionData,
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
    const dup = await client().post(API.roleCreate, { name: 'x', scope: 'admin' }, token);
    expect(dup.status).toBe(200);
    const again = await client().post(API.roleCreate, { name: 'X', scope: 'admin' }, token);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(USER_MESSAGES.duplicateRole);
    const view = await client().get<RolePermissionData>(API.permissionViewByRole(roleId), token);
    expect(view.body.data.permissions).toEqual([
      {
        id: 5,
        module: 'Banner',
        title: 'Banner',
        permissions: { view: true, insert: false, update: false, delete: false },
      },
    ]);
    const user = await createUserViaApi(client(), token, { roleId });
    const read = await client().get<RoleRecord>(API.roleById(roleId), token);
    expect(read.body.data.userCount).toBe(1);
    const inUse = await client().request('DELETE', API.roleById(roleId), { token });
    expect(inUse.status).toBe(409);
    expect(inUse.body).toMatchObject({ code: 'E_CONFLICT', message: USER_MESSAGES.roleInUse });
    await client().request('PUT', API.userById(user.id), { body: { roleId: null }, token });
    expect((await client().request('DELETE', API.roleById(roleId), { token })).status).toBe(200);
    expect((await client().get(API.roleById(roleId), token)).status).toBe(404);
    const page = await client().post<PaginateResult<RoleRecord>>(
      API.rolePaginate,
      { filter: { scope: 'admin' }, sort: { name: 'asc' } },
      token,
    );
    expect(page.body.data.list.map((role) => role.name)).toContain('x');
    const renamed = await client().request<RoleRecord>(
      'PUT',
      API.roleById((dup.body.data as RoleRecord).id),
      { body: { description: 'd' }, token },
    );
    expect(renamed.body.data).toMatchObject({ name: 'x', description: 'd', isActive: true });
  });

  it('checks the scope of roles and permission sets', async () => {
    const customerRole = await createRole(client(), token, 'customer', [
      { id: 2, permissions: { view: true } },
    ]);
    const wrong = await client().post(
      API.userCreate,
      {
        type: 6,
        name: 'X',
        username: 'scopey',
        emails: [{ value: 'scopey@example.com', isPrimary: true }],
        password: 'Start#Pass1',
        roleId: customerRole,
      },
      token,
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe(USER_MESSAGES.roleScopeMismatch);
    const mismatch = await client().post(
      API.permissionUpsert,
      { roleId: customerRole, scope: 'admin', permissions: [] },
      token,
    );
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.message).toBe(PERMISSION_MESSAGES.scopeMismatch);
  });

  it('applies permission changes at the next request, without a new sign-in', async () => {
    const { user, token: userToken } = await userWithRole(server, token, USER_TYPES.EMPLOYEE, 'admin', [
      { id: 14, permissions: { view: true } },
    ]);
    const me = () => client().get<LoginUserData>(API.getLoginUser, userToken);
    expect((await me()).body.data.userPermissions.data.map((entry) => entry.module)).toEqual(['User']);
    // An override replaces the role's flags for one module and adds another.
    const saved = await client().post(
      API.permissionUpsert,
      {
        userId: user.id,
        scope: 'admin',
        permissions: [
          { id: 14, permissions: {} },
          { id: 1, permissions: { view: true } },
        ],
      },
      token,
    );
    expect(saved.status).toBe(200);
    expect((await me()).body.data.userPermissions.data.map((entry) => entry.module)).toEqual(['Login']);
    expect((await client().post(API.userPaginate, {}, userToken)).status).toBe(403);
    const detail = await client().post<UserPermissionData>(API.userPermission, { userId: user.id }, token);
    expect(detail.body.data.role.map((entry) => entry.module)).toEqual(['User']);
    expect(detail.body.data.overrides.map((entry) => entry.module)).toEqual(['Login', 'User']);
    expect(detail.body.data.effective.map((entry) => entry.module)).toEqual(['Login']);
    // Switching the role off takes its set away too.
    await client().post(API.permissionUpsert, { userId: user.id, scope: 'admin', permissions: [] }, token);
    expect((await me()).body.data.userPermissions.data).toHaveLength(1);
    await client().request('PUT', API.roleById(user.roleId ?? ''), { body: { isActive: false }, token });
    expect((await me()).body.data.userPermissions.data).toEqual([]);
    const stored = await client().post<PaginateResult<{ roleId: string }>>(
      API.permissionPaginate,
      { filter: { roleId: user.roleId } },
      token,
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
    const grant = await client().post(
      API.permissionUpsert,
      { userId: target.id, scope: 'admin', permissions: [{ id: 5, permissions: { view: true } }] },
      managerToken,
    );
    expect(grant.status).toBe(403);
    expect(grant.body.message).toBe(PERMISSION_MESSAGES.grantExceedsOwn);
    const widen = await client().post(
      API.permissionUpsert,
      { roleId: bannerRole, scope: 'admin', permissions: [{ id: 14, permissions: ALL }] },
      managerToken,
    );
    expect(widen.status).toBe(403);
    const assign = await client().request('PUT', API.userById(target.id), {
      body: { roleId: bannerRole },
      token: managerToken,
    });
    expect(assign.status).toBe(403);
    expect(assign.body.message).toBe(USER_MESSAGES.roleGrantExceedsOwn);
    const createWith = await client().post(
      API.userCreate,
      {
        type: 6,
        name: 'X',
        username: 'esc1',
        emails: [{ value: 'esc1@example.com', isPrimary: true }],
        password: 'Start#Pass1',
        roleId: bannerRole,
      },
      managerToken,
    );
    expect(createWith.status).toBe(403);
    const within = await client().post(
      API.permissionUpsert,
      { userId: target.id, scope: 'admin', permissions: [{ id: 14, permissions: { view: true } }] },
      managerToken,
    );
    expect(within.status).toBe(200);
  });

  it('records every change with before and after, readable by super admins only', async () => {
    const user = await createUserViaApi(client(), token, { name: 'Audited' });
    await client().request('PUT', API.userById(user.id), {
      body: { name: 'Audited Two', designation: 'Sorter' },
      token,
    });
    await client().post(API.userResetPassword, { id: user.id, password: 'Temp#Pass44' }, token);
    await client().post(
      API.permissionUpsert,
      { userId: user.id, scope: 'admin', permissions: [{ id: 5, permissions: { view: true } }] },
      token,
    );
    const trail = await client().post<PaginateResult<AuditEntry>>(
      API.auditPaginate,
      { filter: { userId: user.id }, sort: { createdAt: 'asc' } },
      token,
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
    const refused = await client().post(API.auditPaginate, {}, viewer);
    expect(refused.status).toBe(403);
  });
});

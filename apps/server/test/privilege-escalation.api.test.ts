import {
  ADMIN_MODULES,
  type AdminPermissionEntry,
  AUTH_ENDPOINTS,
  AUTH_RESULTS,
  GUEST_ENDPOINTS,
  PERMISSION_ENDPOINTS,
  PERMISSION_MESSAGES,
  RESOURCE_ENDPOINTS,
  ROLE_ENDPOINTS,
  USER_ENDPOINTS,
  USER_MESSAGES,
  USER_TYPES,
} from '@facet/contract';
import { asc, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permissionEntries } from '../src/access/permission-table.ts';
import { roles } from '../src/access/role-table.ts';
import { users } from '../src/access/user-table.ts';
import { type ApiResponse, databaseAvailable, startServer, type TestServer } from './harness.ts';
import { adminToken, createUser, signIn } from './sign-in.ts';
import { createRole, createUserViaApi, firstSignIn, unique } from './user-admin.ts';

const PASSWORD = 'Staff#Pass1';
const NONE = { view: false, insert: false, update: false, delete: false };
const ALL = { view: true, insert: true, update: true, delete: true };
const EDIT = { view: true, insert: true, update: true };
const VIEW = { view: true };

function entry(id: number, flags: Partial<typeof ALL>): AdminPermissionEntry {
  const module = ADMIN_MODULES.find((one) => one.id === id);
  if (!module) throw new Error(`no admin module ${id}`);
  return { ...module, permissions: { ...NONE, ...flags } } as AdminPermissionEntry;
}

/** The demo data's Sales role: 20 modules, User edit among them. */
const SALES = [
  { id: 13, permissions: EDIT },
  { id: 14, permissions: EDIT },
  { id: 202, permissions: { update: true } },
  { id: 19, permissions: EDIT },
  { id: 3, permissions: { view: true, update: true } },
  { id: 4, permissions: VIEW },
  { id: 27, permissions: { view: true, update: true } },
  { id: 42, permissions: ALL },
  { id: 43, permissions: ALL },
  { id: 24, permissions: VIEW },
  { id: 26, permissions: EDIT },
  { id: 28, permissions: VIEW },
  { id: 29, permissions: VIEW },
  { id: 30, permissions: VIEW },
  { id: 31, permissions: { view: true, update: true } },
  { id: 32, permissions: VIEW },
  { id: 35, permissions: EDIT },
  { id: 15, permissions: VIEW },
  { id: 52, permissions: VIEW },
  { id: 18, permissions: VIEW },
];

/** The attacker of issue 10: User view/insert/update and UserPagePermission view, nothing else. */
const NARROW_USER_ADMIN = [entry(14, EDIT), entry(204, VIEW)];
/** A full user administrator: every user action, activation, password resets, page permissions. */
const USER_ADMIN = [entry(14, ALL), entry(202, VIEW), entry(203, VIEW), entry(204, VIEW)];

/**
 * A user administrator must not reach powers they lack through roles: every role and permission
 * operation against a more privileged role or user is refused and changes nothing, while the same
 * operations on less privileged ones still work.
 */
describe.skipIf(!(await databaseAvailable()))('privilege escalation through roles and users', () => {
  let server: TestServer;
  let superToken: string;
  let narrowToken: string;
  let userAdminToken: string;
  const client = () => server.client();

  beforeAll(async () => {
    server = await startServer();
    superToken = await adminToken(server, server.client());
    const narrow = await createUser(server, { password: PASSWORD, permissions: NARROW_USER_ADMIN });
    narrowToken = (await signIn(server, client(), narrow.username, PASSWORD)).token.jwt;
    const admin = await createUser(server, { password: PASSWORD, permissions: USER_ADMIN });
    userAdminToken = (await signIn(server, client(), admin.username, PASSWORD)).token.jwt;
    // Three sign-ins (password hashing) on a shared machine: more than the usual hook budget.
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  /** Everything a refused operation could have changed, read back as the super admin and from the rows. */
  async function snapshot(roleIds: string[], userIds: string[]) {
    const c = client();
    const roleState = [];
    for (const id of roleIds) {
      roleState.push({
        role: (await c.call(ROLE_ENDPOINTS.get, undefined, { token: superToken, params: { id } })).body,
        permissions: (
          await c.call(PERMISSION_ENDPOINTS.viewByRole, undefined, {
            token: superToken,
            params: { roleId: id },
          })
        ).body,
      });
    }
    const userState = [];
    for (const id of userIds) {
      userState.push({
        user: (await c.call(USER_ENDPOINTS.get, undefined, { token: superToken, params: { id } })).body,
        permissions: (
          await c.call(PERMISSION_ENDPOINTS.userPermission, { userId: id }, { token: superToken })
        ).body,
      });
    }
    const { db } = server.database;
    const roleRows = await db.select().from(roles).where(inArray(roles.id, roleIds)).orderBy(asc(roles.id));
    const userRows = await db
      .select({
        id: users.id,
        passwordHash: users.passwordHash,
        defaultPassword: users.defaultPassword,
        permissionsVersion: users.permissionsVersion,
        updatedAt: users.updatedAt,
        deletedAt: users.deletedAt,
      })
      .from(users)
      .where(inArray(users.id, userIds))
      .orderBy(asc(users.id));
    const entries = await db
      .select()
      .from(permissionEntries)
      .where(inArray(permissionEntries.roleId, roleIds))
      .orderBy(asc(permissionEntries.id));
    return { roleState, userState, roleRows, userRows, entries };
  }

  function expectForbidden(response: ApiResponse, message?: string): void {
    expect(response.status, JSON.stringify(response.body)).toBe(403);
    expect(response.body).toMatchObject({ code: 'E_FORBIDDEN', ...(message ? { message } : {}) });
  }

  async function modulesOf(token: string): Promise<string[]> {
    const me = await client().call(AUTH_ENDPOINTS.getLoginUser, undefined, { token });
    expect(me.status, JSON.stringify(me.body)).toBe(200);
    return me.body.data.userPermissions.data.map((one) => one.module);
  }

  /** A Sales role of the super admin's and a member holding it; the role is left off when `active` is false. */
  async function salesWithMember(active = true) {
    const roleId = await createRole(client(), superToken, 'admin', SALES);
    const member = await createUserViaApi(client(), superToken, { roleId });
    if (!active) {
      const off = await client().call(
        ROLE_ENDPOINTS.update,
        { isActive: false },
        { token: superToken, params: { id: roleId } },
      );
      expect(off.status, JSON.stringify(off.body)).toBe(200);
    }
    return { roleId, member };
  }

  it('stops the attack chain of issue 10 at its first step, and every later step too', async () => {
    const { roleId: salesRole, member: salesMember } = await salesWithMember();
    const salesMemberToken = (await firstSignIn(server, salesMember.username)).token.jwt;
    const attackerInbox = `${unique('attacker')}@example.com`;
    server.mailbox.unread();
    const before = await snapshot([salesRole], [salesMember.id]);
    expect(await modulesOf(salesMemberToken)).toHaveLength(20);

    // (a) Switch the Sales role off, through the role screen and through the generic status route.
    expectForbidden(
      await client().call(
        ROLE_ENDPOINTS.update,
        { isActive: false },
        { token: narrowToken, params: { id: salesRole } },
      ),
      USER_MESSAGES.roleHolderMorePrivileged,
    );
    const viaStatus = await client().post(
      RESOURCE_ENDPOINTS.booleanStatusUpdate.path,
      { id: salesRole, model: 'Role', fieldName: 'isActive', status: false },
      narrowToken,
    );
    expect(viaStatus.status, JSON.stringify(viaStatus.body)).toBe(400);
    expect(viaStatus.body.errors?.[0]?.field).toBe('model');
    // (b) Move the member's e-mail to the attacker's inbox.
    expectForbidden(
      await client().call(
        USER_ENDPOINTS.update,
        { emails: [{ value: attackerInbox, isPrimary: true }] },
        { token: narrowToken, params: { id: salesMember.id } },
      ),
      USER_MESSAGES.targetMorePrivileged,
    );
    // (c) Switch the role back on (a no-op here, and still a change to a role of a stronger member).
    expectForbidden(
      await client().call(
        ROLE_ENDPOINTS.update,
        { isActive: true },
        { token: narrowToken, params: { id: salesRole } },
      ),
      USER_MESSAGES.roleHolderMorePrivileged,
    );
    // (d) Ask for a reset link, by the new address and by the member's username.
    for (const username of [attackerInbox, salesMember.username]) {
      const forgot = await client().call(AUTH_ENDPOINTS.forgotPassword, { username });
      expect(forgot.body.message).toBe(AUTH_RESULTS.forgotPasswordSent);
    }
    const mails = [await server.mailbox.next()];
    expect(mails.map((mail) => mail.to.toLowerCase())).toEqual([salesMember.emails[0]?.value.toLowerCase()]);
    expect(server.mailbox.unread()).toEqual([]);
    // (f) Empty the role, taking every member's powers away.
    expectForbidden(
      await client().call(
        PERMISSION_ENDPOINTS.upsert,
        { roleId: salesRole, scope: 'admin', permissions: [] },
        { token: narrowToken },
      ),
      USER_MESSAGES.roleHolderMorePrivileged,
    );
    // (e) The member keeps their account and their 20 modules; nothing moved.
    expect(await modulesOf(salesMemberToken)).toHaveLength(20);
    expect(await snapshot([salesRole], [salesMember.id])).toEqual(before);
  });

  it('keeps the member of a switched-off role out of reach, so switching it back on hands nobody their account', async () => {
    // The super admin switches Sales off for a while; its member holds nothing meanwhile.
    const { roleId, member } = await salesWithMember(false);
    const before = await snapshot([roleId], [member.id]);
    server.mailbox.unread();
    const attackerInbox = `${unique('attacker')}@example.com`;
    for (const token of [narrowToken, userAdminToken]) {
      expectForbidden(
        await client().call(
          USER_ENDPOINTS.update,
          { emails: [{ value: attackerInbox, isPrimary: true }] },
          { token, params: { id: member.id } },
        ),
        USER_MESSAGES.targetMorePrivileged,
      );
    }
    expectForbidden(
      await client().call(
        USER_ENDPOINTS.resetPassword,
        { id: member.id, password: 'Taken#Over44' },
        { token: userAdminToken },
      ),
      USER_MESSAGES.targetMorePrivileged,
    );
    expect(await snapshot([roleId], [member.id])).toEqual(before);
    // Switched back on, the role's powers are the member's own, reached through their own inbox only.
    const on = await client().call(
      ROLE_ENDPOINTS.update,
      { isActive: true },
      { token: superToken, params: { id: roleId } },
    );
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    const after = await client().call(USER_ENDPOINTS.get, undefined, {
      token: superToken,
      params: { id: member.id },
    });
    expect(after.body.data.emails.map((email) => email.value)).toEqual(
      member.emails.map((email) => email.value),
    );
  });

  it('refuses every role operation against a more privileged role, changing nothing', async () => {
    const { roleId: salesRole, member: salesMember } = await salesWithMember();
    const dormant = await salesWithMember(false);
    const junior = await createUserViaApi(client(), superToken);
    const roleIds = [salesRole, dormant.roleId];
    const userIds = [salesMember.id, dormant.member.id, junior.id];
    server.mailbox.unread();
    const before = await snapshot(roleIds, userIds);

    for (const token of [narrowToken, userAdminToken]) {
      // Update: rename, describe, deactivate.
      for (const body of [{ name: unique('Taken ') }, { description: 'mine' }, { isActive: false }]) {
        expectForbidden(
          await client().call(ROLE_ENDPOINTS.update, body, { token, params: { id: salesRole } }),
          USER_MESSAGES.roleHolderMorePrivileged,
        );
      }
      // Activate: grants the role's set to its member.
      expectForbidden(
        await client().call(
          ROLE_ENDPOINTS.update,
          { isActive: true },
          { token, params: { id: dormant.roleId } },
        ),
        USER_MESSAGES.roleActivationExceedsOwn,
      );
      // Empty, shrink, or widen the set.
      for (const permissions of [[], SALES.slice(1), [...SALES, { id: 5, permissions: VIEW }]]) {
        expectForbidden(
          await client().call(
            PERMISSION_ENDPOINTS.upsert,
            { roleId: salesRole, scope: 'admin', permissions },
            { token },
          ),
        );
      }
      // Delete (the role is in use as well; the member's power is what refuses it first). The narrow
      // administrator lacks User delete, so the route itself refuses them.
      expectForbidden(
        await client().call(ROLE_ENDPOINTS.remove, undefined, { token, params: { id: salesRole } }),
        token === userAdminToken ? USER_MESSAGES.roleHolderMorePrivileged : undefined,
      );
      // Assign a user the actor may edit to the privileged role; create a user holding it.
      expectForbidden(
        await client().call(
          USER_ENDPOINTS.update,
          { roleId: salesRole },
          { token, params: { id: junior.id } },
        ),
        USER_MESSAGES.roleGrantExceedsOwn,
      );
      const username = unique('holder');
      expectForbidden(
        await client().call(
          USER_ENDPOINTS.create,
          {
            type: USER_TYPES.EMPLOYEE,
            name: 'Holder',
            username,
            emails: [{ value: `${username}@example.com`, isPrimary: true }],
            password: PASSWORD,
            roleId: salesRole,
          },
          { token },
        ),
        USER_MESSAGES.roleGrantExceedsOwn,
      );
      expect(
        (await client().call(USER_ENDPOINTS.paginate, { search: username }, { token: superToken })).body.data,
      ).toMatchObject({ count: 0 });
    }
    // The snapshot holds each user's effective permissions: the Sales member keeps all 20 modules and
    // the dormant role's member still holds nothing.
    expect(before.userState[0]?.permissions.data.effective).toHaveLength(20);
    expect(before.userState[1]?.permissions.data.effective).toEqual([]);
    expect(server.mailbox.unread()).toEqual([]);
    expect(await snapshot(roleIds, userIds)).toEqual(before);
  });

  it('refuses a role with powers the actor lacks, however it is created', async () => {
    const created = await client().call(
      ROLE_ENDPOINTS.create,
      { name: unique('Mine '), scope: 'admin', isActive: true },
      { token: narrowToken },
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const roleId = created.body.data.id;
    const before = await snapshot([roleId], []);
    expectForbidden(
      await client().call(
        PERMISSION_ENDPOINTS.upsert,
        { roleId, scope: 'admin', permissions: SALES },
        { token: narrowToken },
      ),
      PERMISSION_MESSAGES.grantExceedsOwn,
    );
    // Switched off first, the set is still a grant: filling it while off, then activating, is refused.
    const off = await client().call(
      ROLE_ENDPOINTS.update,
      { isActive: false },
      { token: narrowToken, params: { id: roleId } },
    );
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expectForbidden(
      await client().call(
        PERMISSION_ENDPOINTS.upsert,
        { roleId, scope: 'admin', permissions: SALES },
        { token: narrowToken },
      ),
      PERMISSION_MESSAGES.grantExceedsOwn,
    );
    const back = await client().call(
      ROLE_ENDPOINTS.update,
      { isActive: true },
      { token: narrowToken, params: { id: roleId } },
    );
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    const after = await snapshot([roleId], []);
    expect(after.entries).toEqual(before.entries);
    expect(after.entries).toEqual([]);

    // A role the super admin filled and left off, with no member: switching it on is still a grant.
    const spare = await createRole(client(), superToken, 'admin', SALES);
    await client().call(
      ROLE_ENDPOINTS.update,
      { isActive: false },
      { token: superToken, params: { id: spare } },
    );
    const spareBefore = await snapshot([spare], []);
    expectForbidden(
      await client().call(
        ROLE_ENDPOINTS.update,
        { isActive: true },
        { token: userAdminToken, params: { id: spare } },
      ),
      USER_MESSAGES.roleActivationExceedsOwn,
    );
    expect(await snapshot([spare], [])).toEqual(spareBefore);
  });

  it('refuses a change to a weak role when one of its members holds more than the actor', async () => {
    const weakRole = await createRole(client(), superToken, 'admin', [{ id: 14, permissions: VIEW }]);
    const strong = await createUserViaApi(client(), superToken, { roleId: weakRole });
    const granted = await client().call(
      PERMISSION_ENDPOINTS.upsert,
      { userId: strong.id, scope: 'admin', permissions: SALES.slice(2) },
      { token: superToken },
    );
    expect(granted.status, JSON.stringify(granted.body)).toBe(200);
    const before = await snapshot([weakRole], [strong.id]);
    for (const body of [{ isActive: false }, { name: unique('Weak ') }]) {
      expectForbidden(
        await client().call(ROLE_ENDPOINTS.update, body, { token: userAdminToken, params: { id: weakRole } }),
        USER_MESSAGES.roleHolderMorePrivileged,
      );
    }
    expectForbidden(
      await client().call(
        PERMISSION_ENDPOINTS.upsert,
        { roleId: weakRole, scope: 'admin', permissions: [] },
        { token: userAdminToken },
      ),
      USER_MESSAGES.roleHolderMorePrivileged,
    );
    expect(await snapshot([weakRole], [strong.id])).toEqual(before);
  });

  it('refuses every change to a more privileged user, changing nothing and mailing nothing', async () => {
    const { roleId: salesRole, member: salesMember } = await salesWithMember();
    const lesser = await createRole(client(), superToken, 'admin', [{ id: 14, permissions: VIEW }]);
    server.mailbox.unread();
    const before = await snapshot([salesRole], [salesMember.id]);
    const id = salesMember.id;
    const attempts: (() => Promise<ApiResponse>)[] = [
      () =>
        client().call(
          USER_ENDPOINTS.update,
          { emails: [{ value: `${unique('mine')}@example.com`, isPrimary: true }] },
          { token: userAdminToken, params: { id } },
        ),
      () =>
        client().call(
          USER_ENDPOINTS.update,
          { username: unique('taken') },
          { token: userAdminToken, params: { id } },
        ),
      () =>
        client().call(
          USER_ENDPOINTS.resetPassword,
          { id, password: 'Taken#Pass77' },
          { token: userAdminToken },
        ),
      () => client().call(USER_ENDPOINTS.setActive, { id, isActive: false }, { token: userAdminToken }),
      () =>
        client().call(
          USER_ENDPOINTS.update,
          { type: USER_TYPES.ADMIN },
          { token: userAdminToken, params: { id } },
        ),
      () =>
        client().call(
          USER_ENDPOINTS.update,
          { type: USER_TYPES.GUEST, expiresAt: new Date(Date.now() + 86_400_000).toISOString() },
          { token: userAdminToken, params: { id } },
        ),
      () =>
        client().call(USER_ENDPOINTS.update, { roleId: lesser }, { token: userAdminToken, params: { id } }),
      () => client().call(USER_ENDPOINTS.update, { roleId: null }, { token: userAdminToken, params: { id } }),
      () =>
        client().call(
          PERMISSION_ENDPOINTS.upsert,
          { userId: id, scope: 'admin', permissions: [{ id: 13, permissions: {} }] },
          { token: userAdminToken },
        ),
      () => client().call(USER_ENDPOINTS.remove, undefined, { token: userAdminToken, params: { id } }),
    ];
    for (const attempt of attempts) expectForbidden(await attempt(), USER_MESSAGES.targetMorePrivileged);
    // The guest screen does not reach staff at all.
    const viaGuest = await client().call(
      GUEST_ENDPOINTS.update,
      { emails: [{ value: `${unique('mine')}@example.com`, isPrimary: true }] },
      { token: superToken, params: { id } },
    );
    expect(viaGuest.status).toBe(404);
    expect(server.mailbox.unread()).toEqual([]);
    expect(before.userState[0]?.permissions.data.effective).toHaveLength(20);
    expect(await snapshot([salesRole], [salesMember.id])).toEqual(before);
  });

  it('holds when the steps of the attack run in parallel', async () => {
    const { roleId: salesRole, member: salesMember } = await salesWithMember();
    const before = await snapshot([salesRole], [salesMember.id]);
    for (let round = 0; round < 4; round += 1) {
      const answers = await Promise.all([
        client().call(
          ROLE_ENDPOINTS.update,
          { isActive: false },
          { token: narrowToken, params: { id: salesRole } },
        ),
        client().call(
          USER_ENDPOINTS.update,
          { emails: [{ value: `${unique('race')}@example.com`, isPrimary: true }] },
          { token: narrowToken, params: { id: salesMember.id } },
        ),
        client().call(
          PERMISSION_ENDPOINTS.upsert,
          { roleId: salesRole, scope: 'admin', permissions: [] },
          { token: narrowToken },
        ),
        client().call(
          ROLE_ENDPOINTS.update,
          { isActive: true },
          { token: narrowToken, params: { id: salesRole } },
        ),
      ]);
      for (const answer of answers) expectForbidden(answer);
    }
    expect(await snapshot([salesRole], [salesMember.id])).toEqual(before);
  });

  it('still lets a user administrator manage less privileged roles and users', async () => {
    const salesRole = await createRole(client(), superToken, 'admin', SALES);
    const roleId = await createRole(client(), superToken, 'admin', [{ id: 14, permissions: VIEW }]);
    const member = await createUserViaApi(client(), superToken, { roleId });
    const outsider = await createUserViaApi(client(), superToken);
    const ok = (response: ApiResponse) => expect(response.status, JSON.stringify(response.body)).toBe(200);
    const token = userAdminToken;
    ok(
      await client().call(
        ROLE_ENDPOINTS.update,
        { name: unique('Junior ') },
        { token, params: { id: roleId } },
      ),
    );
    ok(await client().call(ROLE_ENDPOINTS.update, { isActive: false }, { token, params: { id: roleId } }));
    ok(await client().call(ROLE_ENDPOINTS.update, { isActive: true }, { token, params: { id: roleId } }));
    ok(
      await client().call(
        PERMISSION_ENDPOINTS.upsert,
        { roleId, scope: 'admin', permissions: [{ id: 14, permissions: { view: true, update: true } }] },
        { token },
      ),
    );
    ok(await client().call(USER_ENDPOINTS.update, { roleId }, { token, params: { id: outsider.id } }));
    ok(
      await client().call(
        USER_ENDPOINTS.update,
        { emails: [{ value: `${unique('moved')}@example.com`, isPrimary: true }] },
        { token, params: { id: member.id } },
      ),
    );
    ok(
      await client().call(
        USER_ENDPOINTS.resetPassword,
        { id: member.id, password: 'Temp#Pass44' },
        { token },
      ),
    );
    ok(await client().call(USER_ENDPOINTS.setActive, { id: member.id, isActive: false }, { token }));
    ok(await client().call(USER_ENDPOINTS.setActive, { id: member.id, isActive: true }, { token }));
    ok(
      await client().call(
        PERMISSION_ENDPOINTS.upsert,
        { roleId, scope: 'admin', permissions: [] },
        { token },
      ),
    );
    const emptied = await client().call(ROLE_ENDPOINTS.get, undefined, {
      token: superToken,
      params: { id: roleId },
    });
    expect(emptied.body.data).toMatchObject({ isActive: true, userCount: 2 });
    ok(await client().call(USER_ENDPOINTS.update, { roleId: null }, { token, params: { id: member.id } }));
    ok(await client().call(USER_ENDPOINTS.update, { roleId: null }, { token, params: { id: outsider.id } }));
    ok(await client().call(ROLE_ENDPOINTS.remove, undefined, { token, params: { id: roleId } }));
    // The super admin keeps every power over the privileged role.
    const off = await client().call(
      ROLE_ENDPOINTS.update,
      { description: 'Sales people' },
      { token: superToken, params: { id: salesRole } },
    );
    ok(off);
  });
});

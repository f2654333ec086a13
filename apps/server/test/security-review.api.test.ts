import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  ADMIN_MODULES,
  type AdminPermissionEntry,
  AUTH_ENDPOINTS,
  AUTH_RESULTS,
  GUEST_ENDPOINTS,
  PERMISSION_ENDPOINTS,
  PERMISSION_MESSAGES,
  pathOf,
  ROLE_ENDPOINTS,
  USER_ENDPOINTS,
  USER_MESSAGES,
  USER_TYPES,
  type UserRecord,
} from '@facet/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/access/user-table.ts';
import { SIGN_IN_LIMITS } from '../src/auth/sign-in-limits.ts';
import { auditLogs } from '../src/resources/audit-table.ts';
import { databaseAvailable, extractResetId, startServer, type TestServer } from './harness.ts';
import { adminToken, createUser, signIn } from './sign-in.ts';
import { createRole, createUserViaApi, FIRST_PASSWORD, unique } from './user-admin.ts';

const PASSWORD = 'Staff#Pass1';
const NEW_PASSWORD = 'Fresh#Pass9';
const NONE = { view: false, insert: false, update: false, delete: false };
const ALL = { view: true, insert: true, update: true, delete: true };

/** An admin permission entry as createUser() stores it. */
function entry(id: number, flags: Partial<typeof ALL>): AdminPermissionEntry {
  const module = ADMIN_MODULES.find((one) => one.id === id);
  if (!module) throw new Error(`no admin module ${id}`);
  return { ...module, permissions: { ...NONE, ...flags } } as AdminPermissionEntry;
}

/** Everything on users: view, edit, delete, reset passwords, activate, page permissions. */
const USER_ADMIN = [
  entry(14, ALL),
  entry(202, { view: true }),
  entry(203, { view: true }),
  entry(204, { view: true }),
];

/** Regression tests for the findings of the security review of access control and sign-in. */
describe.skipIf(!(await databaseAvailable()))('security review findings', () => {
  let server: TestServer;
  let superToken: string;
  const client = () => server.client();

  beforeAll(async () => {
    server = await startServer();
    superToken = await adminToken(server, server.client());
  });
  afterAll(async () => {
    await server?.close();
  });

  /** A staff user with these overrides, signed in; answers the row and a full token. */
  async function staff(permissions: AdminPermissionEntry[], type: number = USER_TYPES.ADMIN) {
    const user = await createUser(server, { password: PASSWORD, permissions, type: type as 2 });
    const login = await signIn(server, client(), user.username, PASSWORD);
    return { user, token: login.token.jwt };
  }

  it("1. judges a change of overrides on effective permissions: clearing one's own deny is refused", async () => {
    // The role grants Banner; the actor's own override takes it away.
    const roleId = await createRole(client(), superToken, 'admin', [{ id: 5, permissions: ALL }]);
    const actor = await createUser(server, {
      password: PASSWORD,
      permissions: [...USER_ADMIN, entry(5, NONE)],
    });
    await server.database.db.update(users).set({ roleId }).where(eq(users.id, actor.id));
    const token = (await signIn(server, client(), actor.username, PASSWORD)).token.jwt;
    const me = await client().call(AUTH_ENDPOINTS.getLoginUser, undefined, { token });
    expect(me.body.data.userPermissions.data.map((one) => one.module)).not.toContain('Banner');

    const cleared = await client().call(
      PERMISSION_ENDPOINTS.upsert,
      {
        userId: actor.id,
        scope: 'admin',
        permissions: USER_ADMIN.map(({ id, permissions }) => ({ id, permissions })),
      },
      { token },
    );
    expect(cleared.status, JSON.stringify(cleared.body)).toBe(403);
    expect(cleared.body).toMatchObject({ code: 'E_FORBIDDEN', message: PERMISSION_MESSAGES.grantExceedsOwn });
    const after = await client().call(AUTH_ENDPOINTS.getLoginUser, undefined, { token });
    expect(after.body.data.userPermissions.data.map((one) => one.module)).not.toContain('Banner');
    // Taking something away stays allowed.
    const narrowed = await client().call(
      PERMISSION_ENDPOINTS.upsert,
      {
        userId: actor.id,
        scope: 'admin',
        permissions: [...USER_ADMIN, entry(5, NONE), entry(6, NONE)].map(({ id, permissions }) => ({
          id,
          permissions,
        })),
      },
      { token },
    );
    expect(narrowed.status, JSON.stringify(narrowed.body)).toBe(200);
  });

  it('1. judges a change of type or role on effective permissions', async () => {
    const { token } = await staff(USER_ADMIN);
    // A customer carrying admin-scope overrides that become live once the user is staff.
    const target = await createUser(server, {
      password: PASSWORD,
      type: USER_TYPES.CUSTOMER,
      permissions: [entry(5, { view: true })],
    });
    const promoted = await client().call(
      USER_ENDPOINTS.update,
      { type: USER_TYPES.EMPLOYEE },
      { token, params: { id: target.id } },
    );
    expect(promoted.status, JSON.stringify(promoted.body)).toBe(403);
    expect(promoted.body.code).toBe('E_FORBIDDEN');
    const [row] = await server.database.db.select().from(users).where(eq(users.id, target.id));
    expect(row?.type).toBe(USER_TYPES.CUSTOMER);
    // A role the actor's own powers cover can still be given.
    const roleId = await createRole(client(), superToken, 'admin', [{ id: 14, permissions: { view: true } }]);
    const plain = await createUserViaApi(client(), superToken);
    const given = await client().call(USER_ENDPOINTS.update, { roleId }, { token, params: { id: plain.id } });
    expect(given.status, JSON.stringify(given.body)).toBe(200);
  });

  it('2. keeps a more privileged colleague out of reach, whatever the call', async () => {
    const { token } = await staff(USER_ADMIN);
    // Holds Banner, which the actor lacks.
    const colleague = await createUser(server, {
      password: PASSWORD,
      permissions: [entry(5, { view: true })],
    });
    const calls = [
      client().call(
        USER_ENDPOINTS.update,
        { emails: [{ value: 'attacker@example.com', isPrimary: true }] },
        { token, params: { id: colleague.id } },
      ),
      client().call(
        USER_ENDPOINTS.update,
        { username: unique('taken') },
        { token, params: { id: colleague.id } },
      ),
      client().call(USER_ENDPOINTS.resetPassword, { id: colleague.id, password: 'Hijack#Pass1' }, { token }),
      client().call(USER_ENDPOINTS.setActive, { id: colleague.id, isActive: false }, { token }),
      client().call(
        PERMISSION_ENDPOINTS.upsert,
        { userId: colleague.id, scope: 'admin', permissions: [{ id: 14, permissions: { view: true } }] },
        { token },
      ),
      client().call(USER_ENDPOINTS.remove, undefined, { token, params: { id: colleague.id } }),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.status, JSON.stringify(response.body)).toBe(403);
      expect(response.body.code).toBe('E_FORBIDDEN');
    }
    const [row] = await server.database.db.select().from(users).where(eq(users.id, colleague.id));
    expect(row).toMatchObject({ username: colleague.username, isActive: true, deletedAt: null });
    expect(row?.emails).toEqual([{ value: colleague.email, isPrimary: true }]);
    // A colleague holding less is still managed as before.
    const junior = await createUser(server, { password: PASSWORD, permissions: [entry(14, { view: true })] });
    const renamed = await client().call(
      USER_ENDPOINTS.update,
      { name: 'Renamed' },
      { token, params: { id: junior.id } },
    );
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
  });

  it('2. ends pending reset links when the e-mails of a user change', async () => {
    const user = await createUser(server, { password: PASSWORD });
    await client().call(AUTH_ENDPOINTS.forgotPassword, { username: user.username });
    const resetId = extractResetId(await server.mailbox.next());
    const changed = await client().call(
      USER_ENDPOINTS.update,
      { emails: [{ value: `${unique('moved')}@example.com`, isPrimary: true }] },
      { token: superToken, params: { id: user.id } },
    );
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const used = await client().call(AUTH_ENDPOINTS.resetPassword, {
      token: resetId,
      newPassword: NEW_PASSWORD,
    });
    expect(used.status).toBe(400);
    expect(used.body.message).toBe(AUTH_RESULTS.resetLinkInvalid);
  });

  it('3. leaves activation to apis/user/active: an update cannot carry isActive', async () => {
    const { token } = await staff([entry(14, ALL), entry(19, ALL)]);
    const target = await createUserViaApi(client(), superToken);
    const viaUpdate = await client().request('PUT', pathOf(USER_ENDPOINTS.update, { id: target.id }), {
      body: { isActive: false },
      token,
    });
    expect(viaUpdate.status).toBe(400);
    const guest = await createUserViaApi(client(), superToken, {
      type: USER_TYPES.PERMANENT_GUEST,
    });
    const viaGuest = await client().request('PUT', pathOf(GUEST_ENDPOINTS.update, { id: guest.id }), {
      body: { isActive: false },
      token,
    });
    expect(viaGuest.status).toBe(400);
    const viaActive = await client().call(
      USER_ENDPOINTS.setActive,
      { id: target.id, isActive: false },
      { token },
    );
    expect(viaActive.status).toBe(403);
    for (const id of [target.id, guest.id]) {
      const [row] = await server.database.db.select().from(users).where(eq(users.id, id));
      expect(row?.isActive).toBe(true);
    }
  });

  it('4. holds the per-account limit under 30 parallel wrong passwords', async () => {
    const user = await createUser(server, { password: PASSWORD });
    const answers = await Promise.all(
      Array.from({ length: 30 }, () =>
        client().call(AUTH_ENDPOINTS.sendLoginOtp, { username: user.username, password: 'Wrong#Pass0' }),
      ),
    );
    const passed = answers.filter((response) => response.status !== 429);
    expect(passed.length).toBeLessThanOrEqual(SIGN_IN_LIMITS.failuresPerUsername);
    expect(passed.every((response) => response.status === 401)).toBe(true);
  });

  it('4. holds the limit under 30 parallel code guesses', async () => {
    const user = await createUser(server, { password: PASSWORD });
    expect(
      (await client().call(AUTH_ENDPOINTS.sendLoginOtp, { username: user.username, password: PASSWORD }))
        .status,
    ).toBe(200);
    server.mailbox.unread();
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, index) =>
        client().call(AUTH_ENDPOINTS.login, {
          username: user.username,
          password: PASSWORD,
          otp: String(index).padStart(6, '9'),
        }),
      ),
    );
    expect(answers.filter((response) => response.status !== 429).length).toBeLessThanOrEqual(
      SIGN_IN_LIMITS.failuresPerUsername,
    );
  });

  it('4. counts the username and the primary e-mail of a user as one key', async () => {
    const user = await createUser(server, { password: PASSWORD });
    const logins = [user.username, user.email.toUpperCase()];
    for (let attempt = 0; attempt < SIGN_IN_LIMITS.failuresPerUsername; attempt += 1) {
      const response = await client().call(AUTH_ENDPOINTS.sendLoginOtp, {
        username: logins[attempt % 2] as string,
        password: 'Wrong#Pass0',
      });
      expect(response.status).toBe(401);
    }
    for (const login of logins) {
      const blocked = await client().call(AUTH_ENDPOINTS.sendLoginOtp, {
        username: login,
        password: PASSWORD,
      });
      expect(blocked.status, login).toBe(429);
    }
  });

  it('5. gives an expiry to guests only, so no super admin can be timed out', async () => {
    const later = new Date(Date.now() + 60_000).toISOString();
    const [me] = await server.database.db.select().from(users).where(eq(users.usernameLower, 'admin'));
    const onSuper = await client().call(
      USER_ENDPOINTS.update,
      { expiresAt: later },
      { token: superToken, params: { id: me?.id ?? '' } },
    );
    expect(onSuper.status).toBe(400);
    expect(onSuper.body.errors).toEqual([{ field: 'expiresAt', message: USER_MESSAGES.expiryGuestOnly }]);
    const created = await client().call(
      USER_ENDPOINTS.create,
      {
        type: USER_TYPES.ADMIN,
        name: 'Timed',
        username: unique('timed'),
        emails: [{ value: `${unique('timed')}@example.com`, isPrimary: true }],
        password: FIRST_PASSWORD,
        expiresAt: later,
      },
      { token: superToken },
    );
    expect(created.status).toBe(400);
    // A guest turned employee loses the expiry with the type.
    const guest = await createUserViaApi(client(), superToken, { type: USER_TYPES.GUEST, expiresAt: later });
    const employee = await client().call(
      USER_ENDPOINTS.update,
      { type: USER_TYPES.EMPLOYEE },
      { token: superToken, params: { id: guest.id } },
    );
    expect(employee.status, JSON.stringify(employee.body)).toBe(200);
    expect(employee.body.data.expiresAt).toBeNull();
  });

  it('6. ends pending reset links on every password change', async () => {
    const pendingLink = async (username: string) => {
      await client().call(AUTH_ENDPOINTS.forgotPassword, { username });
      return extractResetId(await server.mailbox.next());
    };
    const expectDead = async (resetId: string) => {
      const used = await client().call(AUTH_ENDPOINTS.resetPassword, {
        token: resetId,
        newPassword: 'Late#Pass77',
      });
      expect(used.status).toBe(400);
      expect(used.body.message).toBe(AUTH_RESULTS.resetLinkInvalid);
    };
    // Self change.
    const self = await createUser(server, { password: PASSWORD });
    const selfLink = await pendingLink(self.username);
    const selfToken = (await signIn(server, client(), self.username, PASSWORD)).token.jwt;
    const changed = await client().call(
      AUTH_ENDPOINTS.changePassword,
      { currentPassword: PASSWORD, newPassword: NEW_PASSWORD, ConfirmPassword: NEW_PASSWORD },
      { token: selfToken },
    );
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    await expectDead(selfLink);
    // Administrator's reset.
    const reset = await createUser(server, { password: PASSWORD });
    const resetLink = await pendingLink(reset.username);
    const byAdmin = await client().call(
      USER_ENDPOINTS.resetPassword,
      { id: reset.id, password: NEW_PASSWORD },
      { token: superToken },
    );
    expect(byAdmin.status).toBe(200);
    await expectDead(resetLink);
    // Forced change at first sign-in.
    const forced = await createUser(server, { password: PASSWORD, defaultPassword: true });
    const forcedLink = await pendingLink(forced.username);
    const first = await signIn(server, client(), forced.username, PASSWORD);
    const done = await client().call(
      AUTH_ENDPOINTS.resetPasswordByUser,
      { currentPassword: PASSWORD, password: NEW_PASSWORD, newPassword: NEW_PASSWORD },
      { token: first.token.jwt },
    );
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    await expectDead(forcedLink);
  });

  it('7. records sign-ups, own password changes and deleted role sets in the trail', async () => {
    const email = `${unique('signup')}@example.com`;
    const registered = await client().call(AUTH_ENDPOINTS.register, {
      name: 'Self Made',
      email,
      password: PASSWORD,
    });
    expect(registered.status).toBe(200);
    const created = await server.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entityId, registered.body.data.user.id), eq(auditLogs.action, 'user.create')));
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({ actorId: null, after: { username: email, isActive: false } });
    expect(created[0]?.ip).toBeTruthy();

    const user = await createUser(server, { password: PASSWORD, defaultPassword: true });
    const first = await signIn(server, client(), user.username, PASSWORD);
    await client().call(
      AUTH_ENDPOINTS.resetPasswordByUser,
      { currentPassword: PASSWORD, password: NEW_PASSWORD, newPassword: NEW_PASSWORD },
      { token: first.token.jwt },
    );
    const token = (await signIn(server, client(), user.username, NEW_PASSWORD)).token.jwt;
    await client().call(
      AUTH_ENDPOINTS.changePassword,
      { currentPassword: NEW_PASSWORD, newPassword: PASSWORD, ConfirmPassword: PASSWORD },
      { token },
    );
    await client().call(AUTH_ENDPOINTS.forgotPassword, { username: user.username });
    const resetId = extractResetId(await server.mailbox.next());
    expect(
      (await client().call(AUTH_ENDPOINTS.resetPassword, { token: resetId, newPassword: NEW_PASSWORD }))
        .status,
    ).toBe(200);
    const trail = await server.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entityId, user.id), eq(auditLogs.action, 'user.reset_password')));
    expect(trail).toHaveLength(3);
    for (const row of trail) {
      expect(row.actorId).toBe(user.id);
      const text = JSON.stringify(row);
      for (const secret of [PASSWORD, NEW_PASSWORD, resetId, '$argon2']) expect(text).not.toContain(secret);
    }

    const roleId = await createRole(client(), superToken, 'admin', [{ id: 5, permissions: { view: true } }]);
    expect(
      (await client().call(ROLE_ENDPOINTS.remove, undefined, { token: superToken, params: { id: roleId } }))
        .status,
    ).toBe(200);
    const [deleted] = await server.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entityId, roleId), eq(auditLogs.action, 'role.delete')));
    expect(deleted?.before).toMatchObject({
      permissions: { Banner: { view: true, insert: false, update: false, delete: false } },
    });
  });

  it("9. never lets a username equal another user's e-mail, nor the reverse", async () => {
    const holder = await createUserViaApi(client(), superToken, {
      username: `${unique('name')}@example.com`,
      emails: [{ value: `${unique('mail')}@example.com`, isPrimary: true }],
    });
    const usernameIsEmail = await client().call(
      USER_ENDPOINTS.create,
      {
        type: USER_TYPES.EMPLOYEE,
        name: 'Clash',
        username: holder.emails[0]?.value.toUpperCase() ?? '',
        emails: [{ value: `${unique('free')}@example.com`, isPrimary: true }],
        password: FIRST_PASSWORD,
      },
      { token: superToken },
    );
    expect(usernameIsEmail.status).toBe(409);
    expect(usernameIsEmail.body.errors).toEqual([
      { field: 'username', message: USER_MESSAGES.duplicateUsername },
    ]);
    const emailIsUsername = await client().call(
      USER_ENDPOINTS.create,
      {
        type: USER_TYPES.EMPLOYEE,
        name: 'Clash',
        username: unique('free'),
        emails: [
          { value: `${unique('free')}@example.com`, isPrimary: true },
          { value: holder.username.toUpperCase(), isPrimary: false },
        ],
        password: FIRST_PASSWORD,
      },
      { token: superToken },
    );
    expect(emailIsUsername.status).toBe(409);
    expect(emailIsUsername.body.errors).toEqual([{ field: 'emails', message: USER_MESSAGES.duplicateEmail }]);
    const other = await createUserViaApi(client(), superToken);
    const renamed = await client().call(
      USER_ENDPOINTS.update,
      { username: holder.emails[0]?.value },
      { token: superToken, params: { id: other.id } },
    );
    expect(renamed.status).toBe(409);
    const signup = await client().call(AUTH_ENDPOINTS.register, {
      name: 'Clash',
      email: holder.username,
      password: PASSWORD,
    });
    expect(signup.status).toBe(409);
    expect(signup.body.message).toBe(AUTH_RESULTS.duplicateAccount);
  });

  it('10. demotes super admins concurrently without deadlocking', async () => {
    for (let round = 0; round < 3; round += 1) {
      const supers: UserRecord[] = [];
      for (let index = 0; index < 6; index += 1) {
        supers.push(await createUserViaApi(client(), superToken, { type: USER_TYPES.SUPER_ADMIN }));
      }
      // Deactivations and demotions at once: each needs its target and every super admin row.
      const answers = await Promise.all(
        supers.map((one, index) =>
          index % 2
            ? client().call(USER_ENDPOINTS.setActive, { id: one.id, isActive: false }, { token: superToken })
            : client().call(
                USER_ENDPOINTS.update,
                { type: USER_TYPES.ADMIN },
                { token: superToken, params: { id: one.id } },
              ),
        ),
      );
      for (const response of answers) expect(response.status, JSON.stringify(response.body)).toBe(200);
    }
  });

  it('11. answers a refused static path with E_FORBIDDEN', async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'facet-web-'));
    mkdirSync(path.join(dist, 'assets'), { recursive: true });
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Facet</title>');
    const panel = await startServer({ WEB_DIST_DIR: dist });
    try {
      const response = await panel.client().request('GET', '/assets/..%2f..%2fsecret.txt');
      expect(response.status).toBe(403);
      expect(response.body).toMatchObject({ code: 'E_FORBIDDEN' });
    } finally {
      await panel.close();
    }
  });

  it('11. lets the default-password token sign itself out', async () => {
    const user = await createUser(server, { password: PASSWORD, defaultPassword: true });
    const first = await signIn(server, client(), user.username, PASSWORD);
    const out = await client().call(AUTH_ENDPOINTS.logout, undefined, { token: first.token.jwt });
    expect(out.status, JSON.stringify(out.body)).toBe(200);
    const after = await client().call(
      AUTH_ENDPOINTS.resetPasswordByUser,
      { currentPassword: PASSWORD, password: NEW_PASSWORD, newPassword: NEW_PASSWORD },
      { token: first.token.jwt },
    );
    expect(after.status).toBe(401);
  });
});

import {
  AUTH_ENDPOINTS,
  AUTH_RESULTS,
  type BodyIn,
  GUEST_ENDPOINTS,
  PERMISSION_ENDPOINTS,
  pathOf,
  ROLE_ENDPOINTS,
  USER_ENDPOINTS,
  USER_MESSAGES,
  USER_TYPES,
} from '@facet/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/access/user-table.ts';
import { databaseAvailable, startServer, type TestServer } from './harness.ts';
import { adminToken, signIn } from './sign-in.ts';
import { createUserViaApi, FIRST_PASSWORD, firstSignIn, OWN_PASSWORD, unique } from './user-admin.ts';

describe.skipIf(!(await databaseAvailable()))('user administration', () => {
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

  it('creates a user who must change the password at first sign-in', async () => {
    const user = await createUserViaApi(client(), token, { designation: 'Grader' });
    expect(user).toMatchObject({
      defaultPassword: true,
      isActive: true,
      designation: 'Grader',
      roleId: null,
    });
    const first = await signIn(server, client(), user.username, FIRST_PASSWORD);
    expect(first.user.defaultPassword).toBe(true);
    expect(first.userPermissions.data).toEqual([]);
    const refused = await client().call(AUTH_ENDPOINTS.getLoginUser, undefined, { token: first.token.jwt });
    expect(refused.status).toBe(401);
    const login = await firstSignIn(server, user.username);
    expect(login.user.defaultPassword).toBe(false);
    const [row] = await server.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it('refuses duplicate usernames and any duplicate e-mail, case-insensitively', async () => {
    const first = await createUserViaApi(client(), token, {
      emails: [
        { value: 'Main.Box@Example.com', isPrimary: true },
        { value: 'second.box@example.com', isPrimary: false },
      ],
    });
    const sameName = await client().call(
      USER_ENDPOINTS.create,
      {
        type: 6,
        name: 'X',
        username: first.username.toUpperCase(),
        emails: [{ value: 'free1@example.com', isPrimary: true }],
        password: FIRST_PASSWORD,
      },
      { token },
    );
    expect(sameName.status).toBe(409);
    expect(sameName.body).toMatchObject({
      code: 'E_CONFLICT',
      message: USER_MESSAGES.duplicateUsername,
      errors: [{ field: 'username' }],
    });
    const secondaryClash = await client().call(
      USER_ENDPOINTS.create,
      {
        type: 6,
        name: 'X',
        username: unique('free'),
        emails: [{ value: 'SECOND.box@example.COM', isPrimary: true }],
        password: FIRST_PASSWORD,
      },
      { token },
    );
    expect(secondaryClash.status).toBe(409);
    expect(secondaryClash.body.message).toBe(USER_MESSAGES.duplicateEmail);
    const other = await createUserViaApi(client(), token);
    const updateClash = await client().call(
      USER_ENDPOINTS.update,
      { emails: [{ value: 'main.box@example.com', isPrimary: true }] },
      { token, params: { id: other.id } },
    );
    expect(updateClash.status).toBe(409);
    // A deleted user frees the username and the e-mails.
    expect(
      (await client().call(USER_ENDPOINTS.remove, undefined, { token, params: { id: first.id } })).status,
    ).toBe(200);
    const reuse = await createUserViaApi(client(), token, {
      username: first.username,
      emails: [{ value: 'main.box@example.com', isPrimary: true }],
    });
    expect(reuse.id).not.toBe(first.id);
    expect(
      (await client().call(USER_ENDPOINTS.get, undefined, { token, params: { id: first.id } })).status,
    ).toBe(404);
  });

  it('protects the last active super admin and lets only super admins touch super admins', async () => {
    const [seeded] = await server.database.db
      .select()
      .from(users)
      .where(eq(users.type, USER_TYPES.SUPER_ADMIN));
    const selfOff = await client().call(
      USER_ENDPOINTS.setActive,
      { id: seeded?.id ?? '', isActive: false },
      { token },
    );
    expect(selfOff.status).toBe(409);
    expect(selfOff.body).toMatchObject({ code: 'E_CONFLICT', message: USER_MESSAGES.lastSuperAdmin });
    const demote = await client().call(
      USER_ENDPOINTS.update,
      { type: 2 },
      { token, params: { id: seeded?.id ?? '' } },
    );
    expect(demote.status).toBe(409);
    expect(
      (await client().call(USER_ENDPOINTS.remove, undefined, { token, params: { id: seeded?.id ?? '' } }))
        .status,
    ).toBe(409);

    const second = await createUserViaApi(client(), token, { type: USER_TYPES.SUPER_ADMIN });
    const secondLogin = await firstSignIn(server, second.username);
    const offFirst = await client().call(
      USER_ENDPOINTS.setActive,
      { id: seeded?.id ?? '', isActive: false },
      { token: secondLogin.token.jwt },
    );
    expect(offFirst.status, JSON.stringify(offFirst.body)).toBe(200);
    expect((await client().call(AUTH_ENDPOINTS.getLoginUser, undefined, { token })).status).toBe(401);
    const offSelf = await client().call(
      USER_ENDPOINTS.setActive,
      { id: second.id, isActive: false },
      { token: secondLogin.token.jwt },
    );
    expect(offSelf.status).toBe(409);
    const back = await client().call(
      USER_ENDPOINTS.setActive,
      { id: seeded?.id ?? '', isActive: true },
      { token: secondLogin.token.jwt },
    );
    expect(back.status).toBe(200);
    token = (await signIn(server, client(), 'admin', 'Changed#Pass2')).token.jwt;

    // An admin holding every User power still cannot create, edit or delete a super admin.
    const powers = { view: true, insert: true, update: true, delete: true };
    const role = await client().call(
      ROLE_ENDPOINTS.create,
      { name: unique('Full '), scope: 'admin' },
      { token },
    );
    await client().call(
      PERMISSION_ENDPOINTS.upsert,
      {
        roleId: role.body.data.id,
        scope: 'admin',
        permissions: [
          { id: 14, permissions: powers },
          { id: 202, permissions: { view: true } },
        ],
      },
      { token },
    );
    const manager = await createUserViaApi(client(), token, {
      type: USER_TYPES.ADMIN,
      roleId: role.body.data.id,
    });
    const managerToken = (await firstSignIn(server, manager.username)).token.jwt;
    const create = await client().call(
      USER_ENDPOINTS.create,
      {
        type: 1,
        name: 'X',
        username: unique('sa'),
        emails: [{ value: `${unique('sa')}@example.com`, isPrimary: true }],
        password: FIRST_PASSWORD,
      },
      { token: managerToken },
    );
    expect(create.status).toBe(403);
    expect(create.body.message).toBe(USER_MESSAGES.superAdminOnly);
    expect(
      (
        await client().call(
          USER_ENDPOINTS.update,
          { name: 'Y' },
          { token: managerToken, params: { id: second.id } },
        )
      ).status,
    ).toBe(403);
    expect(
      (
        await client().call(USER_ENDPOINTS.remove, undefined, {
          token: managerToken,
          params: { id: second.id },
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await client().call(
          USER_ENDPOINTS.setActive,
          { id: second.id, isActive: false },
          { token: managerToken },
        )
      ).status,
    ).toBe(403);
    const promote = await client().call(
      USER_ENDPOINTS.update,
      { type: 1 },
      { token: managerToken, params: { id: manager.id } },
    );
    expect(promote.status).toBe(403);
  });

  it('kills the tokens of a deactivated user at once', async () => {
    const user = await createUserViaApi(client(), token);
    const login = await firstSignIn(server, user.username);
    expect(
      (await client().call(AUTH_ENDPOINTS.getLoginUser, undefined, { token: login.token.jwt })).status,
    ).toBe(200);
    const off = await client().call(USER_ENDPOINTS.setActive, { id: user.id, isActive: false }, { token });
    expect(off.body.message).toBe(USER_MESSAGES.deactivated);
    expect(
      (await client().call(AUTH_ENDPOINTS.getLoginUser, undefined, { token: login.token.jwt })).status,
    ).toBe(401);
    const again = await client().call(AUTH_ENDPOINTS.sendLoginOtp, {
      username: user.username,
      password: OWN_PASSWORD,
    });
    expect(again.status).toBe(403);
    expect(again.body.message).toBe(AUTH_RESULTS.inactiveUser);
  });

  it('resets a password: tokens die and the user must choose a new one', async () => {
    const user = await createUserViaApi(client(), token);
    const login = await firstSignIn(server, user.username);
    const reset = await client().call(
      USER_ENDPOINTS.resetPassword,
      { id: user.id, password: 'Temp#Pass44' },
      { token },
    );
    expect(reset.status).toBe(200);
    expect(
      (await client().call(AUTH_ENDPOINTS.getLoginUser, undefined, { token: login.token.jwt })).status,
    ).toBe(401);
    const next = await signIn(server, client(), user.username, 'Temp#Pass44');
    expect(next.user.defaultPassword).toBe(true);
  });

  it('refuses expired guests at sign-in and on every request', async () => {
    const soon = new Date(Date.now() + 60_000).toISOString();
    const created = await client().call(
      GUEST_ENDPOINTS.create,
      {
        type: 4,
        name: 'Guest',
        username: unique('g'),
        emails: [{ value: `${unique('g')}@example.com`, isPrimary: true }],
        password: FIRST_PASSWORD,
        expiresAt: soon,
      },
      { token },
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const guest = created.body.data;
    const login = await firstSignIn(server, guest.username);
    expect(login.userPermissions).toEqual({ data: [], customer: [] });
    expect(
      (await client().call(AUTH_ENDPOINTS.getLoginUser, undefined, { token: login.token.jwt })).status,
    ).toBe(200);
    await server.database.db
      .update(users)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(users.id, guest.id));
    expect(
      (await client().call(AUTH_ENDPOINTS.getLoginUser, undefined, { token: login.token.jwt })).status,
    ).toBe(401);
    const refused = await client().call(AUTH_ENDPOINTS.sendLoginOtp, {
      username: guest.username,
      password: OWN_PASSWORD,
    });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(AUTH_RESULTS.inactiveUser);

    const noExpiry = await client().call(
      GUEST_ENDPOINTS.create,
      {
        type: 4,
        name: 'G',
        username: unique('g'),
        emails: [{ value: `${unique('g')}@example.com`, isPrimary: true }],
        password: FIRST_PASSWORD,
      },
      { token },
    );
    expect(noExpiry.status).toBe(400);
    const staff = await client().call(
      GUEST_ENDPOINTS.create,
      {
        type: 6,
        name: 'G',
        username: unique('g'),
        emails: [{ value: `${unique('g')}@example.com`, isPrimary: true }],
        password: FIRST_PASSWORD,
      },
      { token },
    );
    expect(staff.body).toMatchObject({ code: 'E_BAD_REQUEST', message: USER_MESSAGES.guestTypeOnly });
    const employee = await createUserViaApi(client(), token);
    expect(
      (await client().call(GUEST_ENDPOINTS.get, undefined, { token, params: { id: employee.id } })).status,
    ).toBe(404);
    expect(
      (await client().call(GUEST_ENDPOINTS.get, undefined, { token, params: { id: guest.id } })).status,
    ).toBe(200);
    const guests = await client().call(GUEST_ENDPOINTS.paginate, {}, { token });
    expect(guests.body.data.list.every((row) => row.type === 4 || row.type === 5)).toBe(true);
    expect((await client().call(GUEST_ENDPOINTS.paginate, { filter: { type: 1 } }, { token })).status).toBe(
      400,
    );
  });

  it('searches, filters, sorts and pages users', async () => {
    const tag = unique('zq');
    const a = await createUserViaApi(client(), token, {
      name: `Alpha ${tag}`,
      phones: [{ value: '+91 98765 11111', isPrimary: true }],
    });
    await createUserViaApi(client(), token, { name: `Beta ${tag}`, type: USER_TYPES.ADMIN });
    const page = (body: BodyIn<typeof USER_ENDPOINTS.paginate>) =>
      client().call(USER_ENDPOINTS.paginate, body, { token });
    expect((await page({ search: tag.toUpperCase() })).body.data.count).toBe(2);
    expect((await page({ search: '98765 111' })).body.data.list.map((row) => row.id)).toEqual([a.id]);
    expect((await page({ search: `${a.username}@EXAMPLE` })).body.data.count).toBe(1);
    expect(
      (await page({ search: tag, filter: { type: [2] } })).body.data.list.map((row) => row.name),
    ).toEqual([`Beta ${tag}`]);
    const sorted = await page({ search: tag, sort: { name: 'desc' }, limit: 1, page: 2 });
    expect(sorted.body.data).toMatchObject({ count: 2, list: [{ name: `Alpha ${tag}` }] });
    expect((await page({ search: "' or 1=1 --" })).body.data.count).toBe(0);
    expect((await page({ search: '%' })).body.data.count).toBe(0);
  });

  it('answers hostile paginate bodies with E_BAD_REQUEST and changes nothing', async () => {
    const before = await server.database.db.select().from(users);
    for (const body of [
      { filter: { passwordHash: 'x' } },
      { filter: { type: 'admin; drop table users' } },
      { limit: 100000 },
      { page: -1 },
      { sort: { passwordHash: 'asc' } },
      { sort: { name: 'sideways' } },
      { search: 42 },
      { filter: { isActive: 'yes' } },
      { filter: { roleId: "1' or '1'='1" } },
    ]) {
      const response = await client().request('POST', pathOf(USER_ENDPOINTS.paginate), { body, token });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.code).toBe('E_BAD_REQUEST');
    }
    expect(await server.database.db.select().from(users)).toEqual(before);
  });
});

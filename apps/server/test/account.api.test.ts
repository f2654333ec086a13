import { AUTH_ENDPOINTS, AUTH_RESULTS, type LoginData } from '@facet/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordResets, sessions } from '../src/access/auth-tables.ts';
import { users } from '../src/access/user-table.ts';
import { databaseAvailable, extractResetId, startServer, type TestServer } from './harness.ts';
import { createUser, signIn } from './sign-in.ts';

const PASSWORD = 'Valid#Pass9';
const NEW_PASSWORD = 'Fresh#Pass7';

describe.skipIf(!(await databaseAvailable()))('accounts and passwords', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ PUBLIC_URL: 'https://panel.example.test' });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('registers an inactive employee that cannot sign in, and refuses duplicates in any case', async () => {
    const client = server.client();
    const response = await client.call(AUTH_ENDPOINTS.register, {
      name: 'Nina Shah',
      email: 'Nina.Shah@Example.com',
      password: PASSWORD,
    });
    expect(response.status).toBe(200);
    expect(response.body.message).toBe(AUTH_RESULTS.registered);
    expect(response.body.data).toMatchObject({
      result: true,
      user: { name: 'Nina Shah', username: 'nina.shah@example.com', isActive: false },
    });
    expect(response.body.data).not.toHaveProperty('token');
    const [row] = await server.database.db
      .select()
      .from(users)
      .where(eq(users.id, response.body.data.user.id));
    expect(row).toMatchObject({ type: 6, isActive: false, roleId: null, deletedAt: null });

    const signInTry = await client.call(AUTH_ENDPOINTS.sendLoginOtp, {
      username: 'nina.shah@example.com',
      password: PASSWORD,
    });
    expect(signInTry.status).toBe(403);
    expect(signInTry.body.message).toBe(AUTH_RESULTS.inactiveUser);

    const duplicate = await client.call(AUTH_ENDPOINTS.register, {
      name: 'Other',
      email: 'NINA.SHAH@example.COM',
      password: PASSWORD,
    });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body).toEqual({ code: 'E_CONFLICT', message: AUTH_RESULTS.duplicateAccount });
  });

  it('answers forgot-password the same for unknown users and sends nothing', async () => {
    const response = await server
      .client()
      .call(AUTH_ENDPOINTS.forgotPassword, { username: 'nobody@example.com' });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ code: 'OK', message: AUTH_RESULTS.forgotPasswordSent });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(server.mailbox.unread()).toEqual([]);
  });

  it('resets a password once through the mailed link and ends every session', async () => {
    const user = await createUser(server, { password: PASSWORD });
    const client = server.client();
    const session = await signIn(server, client, user.username, PASSWORD);

    const forgot = await client.call(AUTH_ENDPOINTS.forgotPassword, { username: user.email.toUpperCase() });
    expect(forgot.body.message).toBe(AUTH_RESULTS.forgotPasswordSent);
    const mail = await server.mailbox.next();
    expect(mail.subject).toBe('Reset your Facet password');
    expect(mail.text).toContain('https://panel.example.test/hkadmin/reset-password/');
    const resetId = extractResetId(mail);

    const reset = await client.call(AUTH_ENDPOINTS.resetPassword, {
      token: resetId,
      newPassword: NEW_PASSWORD,
    });
    expect(reset.status).toBe(200);
    expect(reset.body.message).toBe(AUTH_RESULTS.passwordChanged);
    expect(
      (await client.call(AUTH_ENDPOINTS.getLoginUser, undefined, { token: session.token.jwt })).status,
    ).toBe(401);

    const again = await client.call(AUTH_ENDPOINTS.resetPassword, {
      token: resetId,
      newPassword: 'Other#Pass5',
    });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ code: 'E_BAD_REQUEST', message: AUTH_RESULTS.resetLinkInvalid });

    await signIn(server, client, user.username, NEW_PASSWORD);
  });

  it('refuses an expired or unknown reset link', async () => {
    const user = await createUser(server, { password: PASSWORD });
    const client = server.client();
    await client.call(AUTH_ENDPOINTS.forgotPassword, { username: user.username });
    const resetId = extractResetId(await server.mailbox.next());
    await server.database.db
      .update(passwordResets)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(passwordResets.userId, user.id));
    const expired = await client.call(AUTH_ENDPOINTS.resetPassword, {
      token: resetId,
      newPassword: NEW_PASSWORD,
    });
    expect(expired.status).toBe(400);
    expect(expired.body.message).toBe(AUTH_RESULTS.resetLinkInvalid);
    const unknown = await client.call(AUTH_ENDPOINTS.resetPassword, {
      token: 'not-a-real-reset-id',
      newPassword: NEW_PASSWORD,
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe(AUTH_RESULTS.resetLinkInvalid);
  });

  it('throttles reset mails per user', async () => {
    const user = await createUser(server, { password: PASSWORD });
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const response = await server.client().call(AUTH_ENDPOINTS.forgotPassword, { username: user.username });
      expect(response.body.message).toBe(AUTH_RESULTS.forgotPasswordSent);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(server.mailbox.unread()).toHaveLength(3);
  });

  it('changes the password, keeping the current session and ending the others', async () => {
    const user = await createUser(server, { password: PASSWORD });
    const here = await signIn(server, server.client(), user.username, PASSWORD);
    const elsewhere = await signIn(server, server.client(), user.username, PASSWORD);
    const client = server.client();

    const mismatch = await client.call(
      AUTH_ENDPOINTS.changePassword,
      { currentPassword: PASSWORD, newPassword: NEW_PASSWORD, ConfirmPassword: 'Different#1' },
      { token: here.token.jwt },
    );
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.errors).toEqual([{ field: 'ConfirmPassword', message: 'Password not matched' }]);
    const wrong = await client.call(
      AUTH_ENDPOINTS.changePassword,
      { currentPassword: 'Wrong#Pass0', newPassword: NEW_PASSWORD, ConfirmPassword: NEW_PASSWORD },
      { token: here.token.jwt },
    );
    expect(wrong.body.errors).toEqual([
      { field: 'currentPassword', message: AUTH_RESULTS.currentPasswordWrong },
    ]);

    const changed = await client.call(
      AUTH_ENDPOINTS.changePassword,
      { currentPassword: PASSWORD, newPassword: NEW_PASSWORD, ConfirmPassword: NEW_PASSWORD },
      { token: here.token.jwt },
    );
    expect(changed.status).toBe(200);
    expect(changed.body.message).toBe(AUTH_RESULTS.passwordChanged);
    expect(
      (await client.call(AUTH_ENDPOINTS.getLoginUser, undefined, { token: here.token.jwt })).status,
    ).toBe(200);
    expect(
      (await client.call(AUTH_ENDPOINTS.getLoginUser, undefined, { token: elsewhere.token.jwt })).status,
    ).toBe(401);
  });

  it('logs out by revoking the token', async () => {
    const user = await createUser(server, { password: PASSWORD });
    const client = server.client();
    const session = await signIn(server, client, user.username, PASSWORD);
    const out = await client.call(AUTH_ENDPOINTS.logout, undefined, { token: session.token.jwt });
    expect(out.status).toBe(200);
    expect(out.body.message).toBe(AUTH_RESULTS.loggedOut);
    const after = await client.call(AUTH_ENDPOINTS.getLoginUser, undefined, { token: session.token.jwt });
    expect(after.status).toBe(401);
    expect(after.body.code).toBe('E_UNAUTHORIZED');
  });

  it("refuses a deactivated user's token at once", async () => {
    const user = await createUser(server, { password: PASSWORD });
    const client = server.client();
    const session: LoginData = await signIn(server, client, user.username, PASSWORD);
    expect(
      (await client.call(AUTH_ENDPOINTS.getLoginUser, undefined, { token: session.token.jwt })).status,
    ).toBe(200);
    await server.database.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    expect(
      (await client.call(AUTH_ENDPOINTS.getLoginUser, undefined, { token: session.token.jwt })).status,
    ).toBe(401);
  });

  it('refuses forged, expired and malformed tokens', async () => {
    const user = await createUser(server, { password: PASSWORD });
    const client = server.client();
    const session = await signIn(server, client, user.username, PASSWORD);
    const [header, payload] = session.token.jwt.split('.');
    expect(
      (await client.call(AUTH_ENDPOINTS.getLoginUser, undefined, { token: `${header}.${payload}.forged` }))
        .status,
    ).toBe(401);
    expect((await client.call(AUTH_ENDPOINTS.getLoginUser, undefined, { token: 'garbage' })).status).toBe(
      401,
    );
    await server.database.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(sessions.userId, user.id));
    expect(
      (await client.call(AUTH_ENDPOINTS.getLoginUser, undefined, { token: session.token.jwt })).status,
    ).toBe(401);
  });
});

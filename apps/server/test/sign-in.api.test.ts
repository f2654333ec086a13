import { AUTH_ENDPOINTS, AUTH_RESULTS, LOGIN_LOG_ENDPOINTS, OTP_MAX_ATTEMPTS, pathOf } from '@facet/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginOtps } from '../src/access/auth-tables.ts';
import { SIGN_IN_LIMITS } from '../src/auth/sign-in-limits.ts';
import { loginLogs } from '../src/login-log/login-log-table.ts';
import { ADMIN, databaseAvailable, extractCode, startServer, type TestServer } from './harness.ts';
import { ADMIN_NEW_PASSWORD, createUser, requestCode, signIn } from './sign-in.ts';

const PASSWORD = 'Valid#Pass9';

describe.skipIf(!(await databaseAvailable()))('sign-in', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('takes the seeded admin through the code, the forced password change and a full sign-in', async () => {
    const client = server.client();
    const sent = await client.call(AUTH_ENDPOINTS.sendLoginOtp, {
      username: ADMIN.username,
      password: ADMIN.password,
    });
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ code: 'OK', message: AUTH_RESULTS.otpSent });
    expect(sent.body.data.sentTo).toBe('Ad***@Example.com');
    const mail = await server.mailbox.next();
    expect(mail.subject).toBe('Your Facet sign-in code');
    expect(mail.to.toLowerCase()).toContain(ADMIN.email.toLowerCase());
    expect(mail.text).toMatch(/Your sign-in code is \d{6}/);

    // By e-mail, in another case: same account.
    const login = await client.call(AUTH_ENDPOINTS.login, {
      username: ADMIN.email.toUpperCase(),
      password: ADMIN.password,
      otp: extractCode(mail),
    });
    expect(login.status).toBe(200);
    expect(login.body.message).toBe(AUTH_RESULTS.defaultPasswordChangeRequired);
    expect(login.body.data.user).toMatchObject({ username: ADMIN.username, type: 1, defaultPassword: true });
    expect(login.body.data.userPermissions.data).toEqual([]);
    const temporary = login.body.data.token.jwt;

    // The default-password token opens nothing but the password change.
    expect((await client.call(AUTH_ENDPOINTS.getLoginUser, undefined, { token: temporary })).status).toBe(
      401,
    );
    expect(
      (await client.request('POST', pathOf(AUTH_ENDPOINTS.changePassword), { body: {}, token: temporary }))
        .body.code,
    ).toBe('E_UNAUTHORIZED');
    expect((await client.call(LOGIN_LOG_ENDPOINTS.paginate, {}, { token: temporary })).status).toBe(401);

    const wrongCurrent = await client.call(
      AUTH_ENDPOINTS.resetPasswordByUser,
      { currentPassword: 'Wrong#Pass0', password: ADMIN_NEW_PASSWORD, newPassword: ADMIN_NEW_PASSWORD },
      { token: temporary },
    );
    expect(wrongCurrent.status).toBe(400);
    expect(wrongCurrent.body.errors).toEqual([
      { field: 'currentPassword', message: AUTH_RESULTS.currentPasswordWrong },
    ]);
    const same = await client.call(
      AUTH_ENDPOINTS.resetPasswordByUser,
      { currentPassword: ADMIN.password, password: ADMIN.password, newPassword: ADMIN.password },
      { token: temporary },
    );
    expect(same.body.errors).toEqual([{ field: 'password', message: AUTH_RESULTS.samePassword }]);

    const changed = await client.call(
      AUTH_ENDPOINTS.resetPasswordByUser,
      { currentPassword: ADMIN.password, password: ADMIN_NEW_PASSWORD, newPassword: ADMIN_NEW_PASSWORD },
      { token: temporary },
    );
    expect(changed.status).toBe(200);
    expect(changed.body.message).toBe(AUTH_RESULTS.passwordChanged);
    // Every session ended, the temporary one included.
    expect(
      (
        await client.request('POST', pathOf(AUTH_ENDPOINTS.resetPasswordByUser), {
          body: {},
          token: temporary,
        })
      ).status,
    ).toBe(401);

    // The old password is gone; the new one signs in fully, right away.
    expect(
      (await client.call(AUTH_ENDPOINTS.sendLoginOtp, { username: ADMIN.username, password: ADMIN.password }))
        .status,
    ).toBe(401);
    const full = await signIn(server, client, ADMIN.username, ADMIN_NEW_PASSWORD);
    expect(full.user.defaultPassword).toBe(false);
    expect(full.userPermissions.data.length).toBeGreaterThan(50);
    expect(full.userPermissions.data.every((entry) => Object.values(entry.permissions).every(Boolean))).toBe(
      true,
    );

    const me = await client.call(AUTH_ENDPOINTS.getLoginUser, undefined, { token: full.token.jwt });
    expect(me.status).toBe(200);
    expect(me.body.data.user).toMatchObject({
      username: ADMIN.username,
      emails: [{ value: ADMIN.email, isPrimary: true }],
    });
    expect(me.body.data.userPermissions.data).toEqual(full.userPermissions.data);
    // The legacy `JWT` scheme and the standard `Bearer` one both work.
    const bearer = await client.request('GET', pathOf(AUTH_ENDPOINTS.getLoginUser), {
      headers: { authorization: `Bearer ${full.token.jwt}` },
    });
    expect(bearer.status).toBe(200);
  });

  it('answers a wrong password and an unknown user with the same 401', async () => {
    const user = await createUser(server, { password: PASSWORD });
    const client = server.client();
    const wrong = await client.call(AUTH_ENDPOINTS.sendLoginOtp, {
      username: user.username,
      password: 'Nope#Nope1',
    });
    const unknown = await client.call(AUTH_ENDPOINTS.sendLoginOtp, {
      username: 'nobody-here',
      password: 'Nope#Nope1',
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual({ code: 'E_UNAUTHORIZED', message: AUTH_RESULTS.invalidCredentials });
    expect(unknown.body).toEqual(wrong.body);
    expect(server.mailbox.unread()).toEqual([]);
  });

  it('refuses an inactive user with the right password', async () => {
    const user = await createUser(server, { password: PASSWORD, isActive: false });
    const response = await server
      .client()
      .call(AUTH_ENDPOINTS.sendLoginOtp, { username: user.username, password: PASSWORD });
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ code: 'E_FORBIDDEN', message: AUTH_RESULTS.inactiveUser });
  });

  it('refuses an expired code', async () => {
    const user = await createUser(server, { password: PASSWORD });
    const client = server.client();
    const otp = await requestCode(server, client, user.username, PASSWORD);
    await server.database.db
      .update(loginOtps)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(loginOtps.userId, user.id));
    const response = await client.call(AUTH_ENDPOINTS.login, {
      username: user.username,
      password: PASSWORD,
      otp,
    });
    expect(response.status).toBe(401);
    expect(response.body.message).toBe(AUTH_RESULTS.otpExpired);
  });

  it(`kills the code after ${OTP_MAX_ATTEMPTS} wrong tries`, async () => {
    const user = await createUser(server, { password: PASSWORD });
    const client = server.client();
    const otp = await requestCode(server, client, user.username, PASSWORD);
    const wrongCode = otp === '000000' ? '111111' : '000000';
    const messages: string[] = [];
    for (let attempt = 0; attempt < OTP_MAX_ATTEMPTS; attempt += 1) {
      const response = await client.call(AUTH_ENDPOINTS.login, {
        username: user.username,
        password: PASSWORD,
        otp: wrongCode,
      });
      expect(response.status).toBe(401);
      messages.push(response.body.message);
    }
    expect(messages.slice(0, -1).every((message) => message === AUTH_RESULTS.otpInvalid)).toBe(true);
    expect(messages.at(-1)).toBe(AUTH_RESULTS.otpTooManyAttempts);
    const right = await client.call(AUTH_ENDPOINTS.login, {
      username: user.username,
      password: PASSWORD,
      otp,
    });
    expect(right.status).toBe(401);
    expect(right.body.message).toBe(AUTH_RESULTS.otpTooManyAttempts);
  });

  it('accepts a code once', async () => {
    const user = await createUser(server, { password: PASSWORD });
    const client = server.client();
    const otp = await requestCode(server, client, user.username, PASSWORD);
    const body = { username: user.username, password: PASSWORD, otp };
    const first = await client.call(AUTH_ENDPOINTS.login, body);
    expect(first.status).toBe(200);
    expect(first.body.message).toBe(AUTH_RESULTS.loggedIn);
    expect(first.body.data.user.defaultPassword).toBe(false);
    const again = await client.call(AUTH_ENDPOINTS.login, body);
    expect(again.status).toBe(401);
    expect(again.body.message).toBe(AUTH_RESULTS.otpInvalid);
  });

  it('throttles resends and keeps the pending code on a repeated submit', async () => {
    const user = await createUser(server, { password: PASSWORD });
    const client = server.client();
    const credentials = { username: user.username, password: PASSWORD };
    const first = await client.call(AUTH_ENDPOINTS.sendLoginOtp, credentials);
    const otp = extractCode(await server.mailbox.next());

    const resend = await client.call(AUTH_ENDPOINTS.sendLoginOtp, { ...credentials, isResendOtp: true });
    expect(resend.status).toBe(429);
    expect(resend.body).toEqual({ code: 'E_TOO_MANY_REQUESTS', message: AUTH_RESULTS.otpResendTooSoon });
    const repeated = await client.call(AUTH_ENDPOINTS.sendLoginOtp, credentials);
    expect(repeated.status).toBe(200);
    expect(repeated.body.data.expiresAt).toBe(first.body.data.expiresAt);
    expect(server.mailbox.unread()).toEqual([]);

    // Once the interval has passed, a resend mails a new code and the old one stops working.
    await server.database.db
      .update(loginOtps)
      .set({ lastSentAt: sql`now() - interval '1 minute'` })
      .where(eq(loginOtps.userId, user.id));
    const later = await client.call(AUTH_ENDPOINTS.sendLoginOtp, { ...credentials, isResendOtp: true });
    expect(later.status).toBe(200);
    const newOtp = extractCode(await server.mailbox.next());
    if (newOtp !== otp) {
      expect((await client.call(AUTH_ENDPOINTS.login, { ...credentials, otp })).status).toBe(401);
    }
    expect((await client.call(AUTH_ENDPOINTS.login, { ...credentials, otp: newOtp })).status).toBe(200);
  });

  it('limits failed attempts per username', async () => {
    const user = await createUser(server, { password: PASSWORD });
    for (let attempt = 0; attempt < SIGN_IN_LIMITS.failuresPerUsername; attempt += 1) {
      // Spread over addresses: the username limit counts across them.
      const response = await server
        .client()
        .call(AUTH_ENDPOINTS.sendLoginOtp, { username: user.username, password: 'Wrong#Pass0' });
      expect(response.status).toBe(401);
    }
    const blocked = await server
      .client()
      .call(AUTH_ENDPOINTS.sendLoginOtp, { username: user.username.toUpperCase(), password: PASSWORD });
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({
      code: 'E_TOO_MANY_REQUESTS',
      message: AUTH_RESULTS.accountLocked,
    });
    const logged = await server.database.db
      .select()
      .from(loginLogs)
      .where(eq(loginLogs.username, user.username.toLowerCase()));
    expect(logged.filter((row) => row.result === 'rate_limited')).toHaveLength(1);
    expect(logged.filter((row) => row.result === 'wrong_password')).toHaveLength(
      SIGN_IN_LIMITS.failuresPerUsername,
    );
  });

  it('limits failed attempts per address', async () => {
    const client = server.client();
    for (let attempt = 0; attempt < SIGN_IN_LIMITS.failuresPerIp; attempt += 1) {
      const response = await client.call(AUTH_ENDPOINTS.sendLoginOtp, {
        username: `ghost-${attempt}`,
        password: 'Wrong#Pass0',
      });
      expect(response.status).toBe(401);
    }
    const user = await createUser(server, { password: PASSWORD });
    const blocked = await client.call(AUTH_ENDPOINTS.login, {
      username: user.username,
      password: PASSWORD,
      otp: '123456',
    });
    expect(blocked.status).toBe(429);
    // Another address is not affected.
    expect(
      (
        await server
          .client()
          .call(AUTH_ENDPOINTS.sendLoginOtp, { username: user.username, password: PASSWORD })
      ).status,
    ).toBe(200);
    server.mailbox.unread();
  });
});

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { AUTH_ENDPOINTS, AUTH_RESULTS, OTP_MAX_ATTEMPTS, USER_TYPES } from '@facet/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginOtps, passwordResets, throttleEvents } from '../src/access/auth-tables.ts';
import { hashPassword } from '../src/access/passwords.ts';
import { insertUser } from '../src/access/user-repository.ts';
import { users } from '../src/access/user-table.ts';
import { RESET_MAILS_PER_INBOX } from '../src/auth/password-reset.ts';
import { FORGOT_PER_IP } from '../src/auth/password-routes.ts';
import { REGISTER_PER_IP } from '../src/auth/register.ts';
import { SIGN_IN_LIMITS, settleSignInTurn, takeSignInTurn } from '../src/auth/sign-in-limits.ts';
import { loginLogs } from '../src/login-log/login-log-table.ts';
import {
  type ApiClient,
  type ApiResponse,
  databaseAvailable,
  extractCode,
  extractResetId,
  type Mail,
  randomIp,
  startServer,
  type TestServer,
} from './harness.ts';
import { createUser } from './sign-in.ts';

const PASSWORD = 'Valid#Pass9';
const NEW_PASSWORD = 'Fresh#Pass7';
const WRONG_PASSWORD = 'Wrong#Pass0';

/** The answers refused by a limit, each checked to be the limit's envelope. */
function refusedAsThrottled(answers: ApiResponse[], message: string): ApiResponse[] {
  const refused = answers.filter((answer) => answer.status === 429);
  for (const answer of refused) {
    expect(answer.body).toEqual({ code: 'E_TOO_MANY_REQUESTS', message });
  }
  return refused;
}

/**
 * Every limit, hit by many requests at once well above it: exactly `limit` of them may pass, whatever
 * the interleaving, on both databases. Counting, then writing without a lock, lets the requests that
 * count at the same moment all pass on PostgreSQL.
 */
describe.skipIf(!(await databaseAvailable()))('throttles under parallel requests', () => {
  let server: TestServer;
  let run = 0;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  /** A tag unique to one test, so rows and mails of other tests never count. */
  function tag(): string {
    run += 1;
    return `t${run}-${Date.now().toString(36)}`;
  }

  function parallel(count: number, send: (index: number) => Promise<ApiResponse>): Promise<ApiResponse[]> {
    return Promise.all(Array.from({ length: count }, (_, index) => send(index)));
  }

  /** The bare address of a To header, lowercased. */
  function addressOf(to: string): string {
    return to
      .replace(/^.*<|>.*$/g, '')
      .trim()
      .toLowerCase();
  }

  /** Recipients of the mails written so far; a file still being written is left for the next look. */
  function writtenMailRecipients(): string[] {
    const folder = server.mailbox.folder;
    const names = existsSync(folder) ? readdirSync(folder).filter((name) => name.endsWith('.eml')) : [];
    return names.flatMap((name) => {
      const raw = readFileSync(path.join(folder, name), 'utf8');
      const to = /^To: (.*)$/im.exec(raw.slice(0, raw.indexOf('\n\n')))?.[1];
      return to ? [addressOf(to)] : [];
    });
  }

  /**
   * The mails to these addresses. Mails go out after the answer: waits for the expected number, then a
   * little longer for any extra, and only then reads them (the mailbox would lose a half-written file).
   */
  async function mailsTo(recipients: readonly string[], expected: number): Promise<Mail[]> {
    const wanted = new Set(recipients.map(addressOf));
    const count = () => writtenMailRecipients().filter((to) => wanted.has(to)).length;
    const deadline = Date.now() + 10_000;
    while (count() < expected && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    return server.mailbox.unread().filter((mail) => wanted.has(addressOf(mail.to)));
  }

  /** Step one of sign-in; answers the mailed code. */
  async function requestCode(client: ApiClient, user: { username: string; email: string }, password: string) {
    const sent = await client.call(AUTH_ENDPOINTS.sendLoginOtp, { username: user.username, password });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const [mail] = await mailsTo([user.email], 1);
    if (!mail) throw new Error(`no sign-in code mailed to ${user.email}`);
    return extractCode(mail);
  }

  /** Active users sharing one password hash, inserted straight in the database (hashing each is slow). */
  async function activeUsers(count: number, prefix: string) {
    const passwordHash = await hashPassword(PASSWORD);
    const created = [];
    for (let index = 0; index < count; index += 1) {
      const username = `${prefix}-${index}`;
      const email = `${username}@example.com`;
      const row = await insertUser(server.database.db, {
        type: USER_TYPES.ADMIN,
        name: `User ${username}`,
        username,
        emails: [{ value: email, isPrimary: true }],
        passwordHash,
      });
      created.push({ ...row, email });
    }
    return created;
  }

  it(`lets ${FORGOT_PER_IP.max} forgot-password requests from one address pass, of 60 at once`, async () => {
    const accounts = await activeUsers(60, tag());
    const client = server.client();
    const answers = await parallel(accounts.length, (index) =>
      client.call(AUTH_ENDPOINTS.forgotPassword, { username: accounts[index]?.username as string }),
    );
    const passed = answers.filter((answer) => answer.status === 200);
    for (const answer of passed) expect(answer.body.message).toBe(AUTH_RESULTS.forgotPasswordSent);
    const refused = refusedAsThrottled(answers, AUTH_RESULTS.tooManySignInAttempts);
    expect({ passed: passed.length, refused: refused.length }).toEqual({
      passed: FORGOT_PER_IP.max,
      refused: accounts.length - FORGOT_PER_IP.max,
    });

    const links = await server.database.db
      .select({ userId: passwordResets.userId })
      .from(passwordResets)
      .where(
        inArray(
          passwordResets.userId,
          accounts.map((account) => account.id),
        ),
      );
    expect(links).toHaveLength(FORGOT_PER_IP.max);
    const mails = await mailsTo(
      accounts.map((account) => account.email),
      FORGOT_PER_IP.max,
    );
    expect(mails).toHaveLength(FORGOT_PER_IP.max);
  });

  it(`mails at most ${RESET_MAILS_PER_INBOX.max} reset links to one inbox, of 30 requests at once from 30 addresses`, async () => {
    const [account] = await activeUsers(1, tag());
    if (!account) throw new Error('no account');
    const answers = await parallel(30, (index) =>
      server.client().call(AUTH_ENDPOINTS.forgotPassword, {
        username: index % 2 ? account.username : account.email.toUpperCase(),
      }),
    );
    // The answer never tells whether a mail went out.
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.body.message).toBe(AUTH_RESULTS.forgotPasswordSent);
    }
    const links = await server.database.db
      .select()
      .from(passwordResets)
      .where(eq(passwordResets.userId, account.id));
    expect(links).toHaveLength(RESET_MAILS_PER_INBOX.max);
    expect(await mailsTo([account.email], RESET_MAILS_PER_INBOX.max)).toHaveLength(RESET_MAILS_PER_INBOX.max);
  });

  it(`lets ${REGISTER_PER_IP.max} sign-ups from one address pass, of 30 at once`, async () => {
    const prefix = tag();
    const emails = Array.from({ length: 30 }, (_, index) => `${prefix}-${index}@example.com`);
    const client = server.client();
    const answers = await parallel(emails.length, (index) =>
      client.call(AUTH_ENDPOINTS.register, {
        name: `Sign-up ${index}`,
        email: emails[index] as string,
        password: PASSWORD,
      }),
    );
    const passed = answers.filter((answer) => answer.status === 200);
    for (const answer of passed) expect(answer.body.message).toBe(AUTH_RESULTS.registered);
    const refused = refusedAsThrottled(answers, AUTH_RESULTS.tooManySignInAttempts);
    expect({ passed: passed.length, refused: refused.length }).toEqual({
      passed: REGISTER_PER_IP.max,
      refused: emails.length - REGISTER_PER_IP.max,
    });
    const created = await server.database.db
      .select({ id: users.id })
      .from(users)
      .where(inArray(users.usernameLower, emails));
    expect(created).toHaveLength(REGISTER_PER_IP.max);
  });

  it('mails one sign-in code for 20 requests at once, and one resend for 20 resends at once', async () => {
    const user = await createUser(server, { password: PASSWORD });
    const credentials = { username: user.username, password: PASSWORD };
    const sends = await parallel(20, () => server.client().call(AUTH_ENDPOINTS.sendLoginOtp, credentials));
    // A repeated submit keeps the pending code: every answer is OK, one mail goes out.
    for (const answer of sends) expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(await mailsTo([user.email], 1)).toHaveLength(1);

    await server.database.db
      .update(loginOtps)
      .set({ lastSentAt: sql`now() - interval '1 minute'` })
      .where(eq(loginOtps.userId, user.id));
    const resends = await parallel(20, () =>
      server.client().call(AUTH_ENDPOINTS.sendLoginOtp, { ...credentials, isResendOtp: true }),
    );
    const refused = refusedAsThrottled(resends, AUTH_RESULTS.otpResendTooSoon);
    expect({
      passed: resends.filter((answer) => answer.status === 200).length,
      refused: refused.length,
    }).toEqual({ passed: 1, refused: 19 });
    expect(await mailsTo([user.email], 1)).toHaveLength(1);
  });

  it(`kills a code after ${OTP_MAX_ATTEMPTS} wrong tries made at once`, async () => {
    const user = await createUser(server, { password: PASSWORD });
    const credentials = { username: user.username, password: PASSWORD };
    const otp = await requestCode(server.client(), user, PASSWORD);
    const wrong = otp === '000000' ? '111111' : '000000';
    // Fewer than the account's failure limit, so only the code's own limit is at work.
    const guesses = SIGN_IN_LIMITS.failuresPerUsername - 1;
    const answers = await parallel(guesses, () =>
      server.client().call(AUTH_ENDPOINTS.login, { ...credentials, otp: wrong }),
    );
    for (const answer of answers) expect(answer.status).toBe(401);
    const messages = answers.map((answer) => answer.body.message);
    expect(messages.filter((message) => message === AUTH_RESULTS.otpInvalid)).toHaveLength(
      OTP_MAX_ATTEMPTS - 1,
    );
    expect(messages.filter((message) => message === AUTH_RESULTS.otpTooManyAttempts)).toHaveLength(
      guesses - (OTP_MAX_ATTEMPTS - 1),
    );
    const [row] = await server.database.db.select().from(loginOtps).where(eq(loginOtps.userId, user.id));
    expect(row?.attempts).toBe(OTP_MAX_ATTEMPTS);

    const right = await server.client().call(AUTH_ENDPOINTS.login, { ...credentials, otp });
    expect(right.status).toBe(401);
    expect(right.body.message).toBe(AUTH_RESULTS.otpTooManyAttempts);
  });

  it(`counts ${SIGN_IN_LIMITS.failuresPerUsername} wrong passwords per account, of 40 at once from 40 addresses`, async () => {
    const user = await createUser(server, { password: PASSWORD });
    const answers = await parallel(40, () =>
      server
        .client()
        .call(AUTH_ENDPOINTS.sendLoginOtp, { username: user.username, password: WRONG_PASSWORD }),
    );
    const wrong = answers.filter((answer) => answer.status === 401);
    for (const answer of wrong) expect(answer.body.message).toBe(AUTH_RESULTS.invalidCredentials);
    const refused = answers.filter((answer) => answer.status === 429);
    for (const answer of refused) {
      expect(answer.body).toEqual({ code: 'E_TOO_MANY_REQUESTS', message: AUTH_RESULTS.accountLocked });
    }
    expect({ wrong: wrong.length, refused: refused.length }).toEqual({
      wrong: SIGN_IN_LIMITS.failuresPerUsername,
      refused: 40 - SIGN_IN_LIMITS.failuresPerUsername,
    });
    const logged = await server.database.db
      .select({ result: loginLogs.result })
      .from(loginLogs)
      .where(and(eq(loginLogs.userId, user.id), eq(loginLogs.result, 'wrong_password')));
    expect(logged).toHaveLength(SIGN_IN_LIMITS.failuresPerUsername);
  });

  it(`lets right passwords in at ${SIGN_IN_LIMITS.failuresPerUsername - 1} failures, 10 at once, then locks at the next failure`, async () => {
    const user = await createUser(server, { password: PASSWORD });
    for (let attempt = 1; attempt < SIGN_IN_LIMITS.failuresPerUsername; attempt += 1) {
      const answer = await server
        .client()
        .call(AUTH_ENDPOINTS.sendLoginOtp, { username: user.username, password: WRONG_PASSWORD });
      expect(answer.status).toBe(401);
    }
    // One place is left: the attempts being checked hold it in turn, and none is refused for it.
    const answers = await parallel(10, () =>
      server.client().call(AUTH_ENDPOINTS.sendLoginOtp, { username: user.username, password: PASSWORD }),
    );
    for (const answer of answers) expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(await mailsTo([user.email], 1)).toHaveLength(1);
    const last = await server
      .client()
      .call(AUTH_ENDPOINTS.sendLoginOtp, { username: user.username, password: WRONG_PASSWORD });
    expect(last.status).toBe(401);
    const locked = await server
      .client()
      .call(AUTH_ENDPOINTS.sendLoginOtp, { username: user.username, password: PASSWORD });
    expect(locked.body).toEqual({ code: 'E_TOO_MANY_REQUESTS', message: AUTH_RESULTS.accountLocked });
    // Every place held while a password was checked was given back.
    const held = await server.database.db
      .select()
      .from(throttleEvents)
      .where(and(eq(throttleEvents.action, 'sign_in_pending'), eq(throttleEvents.key, `user:${user.id}`)));
    expect(held).toHaveLength(0);
  });

  it(`counts ${SIGN_IN_LIMITS.failuresPerIp} failed sign-ins per address, of 60 at once`, async () => {
    const prefix = tag();
    const ip = randomIp();
    const client = server.client(ip);
    const answers = await parallel(60, (index) =>
      client.call(AUTH_ENDPOINTS.sendLoginOtp, {
        username: `${prefix}-ghost-${index}`,
        password: WRONG_PASSWORD,
      }),
    );
    const wrong = answers.filter((answer) => answer.status === 401);
    const refused = refusedAsThrottled(answers, AUTH_RESULTS.tooManySignInAttempts);
    expect({ wrong: wrong.length, refused: refused.length }).toEqual({
      wrong: SIGN_IN_LIMITS.failuresPerIp,
      refused: 60 - SIGN_IN_LIMITS.failuresPerIp,
    });
    const logged = await server.database.db
      .select({ result: loginLogs.result })
      .from(loginLogs)
      .where(and(eq(loginLogs.ip, ip), eq(loginLogs.result, 'unknown_user')));
    expect(logged).toHaveLength(SIGN_IN_LIMITS.failuresPerIp);
  });

  it('lets a locked-out user back in at once through the mailed reset link, and says so', async () => {
    const user = await createUser(server, { password: PASSWORD, type: USER_TYPES.SUPER_ADMIN });
    const client = server.client();
    for (let attempt = 0; attempt < SIGN_IN_LIMITS.failuresPerUsername; attempt += 1) {
      const response = await client.call(AUTH_ENDPOINTS.sendLoginOtp, {
        username: user.username,
        password: WRONG_PASSWORD,
      });
      expect(response.status).toBe(401);
    }
    const locked = await client.call(AUTH_ENDPOINTS.sendLoginOtp, {
      username: user.username,
      password: PASSWORD,
    });
    expect(locked.status).toBe(429);
    expect(locked.body).toEqual({ code: 'E_TOO_MANY_REQUESTS', message: AUTH_RESULTS.accountLocked });

    const forgot = await client.call(AUTH_ENDPOINTS.forgotPassword, { username: user.email });
    expect(forgot.body.message).toBe(AUTH_RESULTS.forgotPasswordSent);
    const [mail] = await mailsTo([user.email], 1);
    if (!mail) throw new Error('no reset mail');
    const reset = await client.call(AUTH_ENDPOINTS.resetPassword, {
      token: extractResetId(mail),
      newPassword: NEW_PASSWORD,
    });
    expect(reset.status).toBe(200);
    expect(reset.body.message).toBe(AUTH_RESULTS.passwordChanged);

    // The old password stays refused; the new one signs in at once, from the same address.
    const old = await client.call(AUTH_ENDPOINTS.sendLoginOtp, {
      username: user.username,
      password: PASSWORD,
    });
    expect(old.status).toBe(401);
    const otp = await requestCode(client, user, NEW_PASSWORD);
    const signedIn = await client.call(AUTH_ENDPOINTS.login, {
      username: user.username,
      password: NEW_PASSWORD,
      otp,
    });
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
    expect(signedIn.body.message).toBe(AUTH_RESULTS.loggedIn);
  });
});

/** Behind one load balancer: a client writing its own X-Forwarded-For does not get a new address. */
describe.skipIf(!(await databaseAvailable()))('per-address limits behind one proxy (TRUST_PROXY=1)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ TRUST_PROXY: '1' });
  });
  afterAll(async () => {
    await server?.close();
  });

  it(`counts sign-ups by the address the proxy saw, whatever the client wrote before it`, async () => {
    const seenByProxy = randomIp();
    const emails = Array.from(
      { length: REGISTER_PER_IP.max + 5 },
      (_, index) => `proxied-${index}-${seenByProxy}@example.com`,
    );
    const answers: ApiResponse[] = [];
    for (const [index, email] of emails.entries()) {
      // The proxy appends the address it saw; the client forged the first one.
      const client = server.client(`${randomIp()}, ${seenByProxy}`);
      answers.push(
        await client.call(AUTH_ENDPOINTS.register, { name: `Proxied ${index}`, email, password: PASSWORD }),
      );
    }
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(REGISTER_PER_IP.max);
    expect(refusedAsThrottled(answers, AUTH_RESULTS.tooManySignInAttempts)).toHaveLength(5);
    // Counted against the address the proxy saw: not the proxy's own, not the forged ones.
    const counted = await server.database.db
      .select({ key: throttleEvents.key })
      .from(throttleEvents)
      .where(eq(throttleEvents.action, REGISTER_PER_IP.action));
    expect(counted.map((row) => row.key)).toEqual(Array(REGISTER_PER_IP.max).fill(seenByProxy));
  });
  it('refuses an attempt whose reserved place lapsed while its password was checked', async () => {
    const { db } = server.database;
    const login = `lapse-${Date.now().toString(36)}`;
    const key = { username: login };
    const client = { ip: randomIp(), userAgent: 'throttle test' };
    const reserve = () => db.transaction((tx) => takeSignInTurn(tx, key, login, null, client));
    const settle = (reservation: readonly string[]) =>
      db.transaction((tx) => settleSignInTurn(tx, key, client, reservation));

    const held = await reserve();
    if (held.kind !== 'reserved') throw new Error(`expected a reserved place, got ${held.kind}`);
    expect(await settle(held.reservation)).toBe(true);

    const lapsed = await reserve();
    if (lapsed.kind !== 'reserved') throw new Error(`expected a reserved place, got ${lapsed.kind}`);
    // Stamped by the database's clock, so aged by it: as if the check had queued past the place's life.
    await db
      .update(throttleEvents)
      .set({ createdAt: sql`now() - interval '2 minutes'` })
      .where(inArray(throttleEvents.id, lapsed.reservation));
    expect(await settle(lapsed.reservation)).toBe(false);
    const left = await db.select().from(throttleEvents).where(inArray(throttleEvents.id, lapsed.reservation));
    expect(left).toEqual([]);
  });
});

import {
  AUTH_RESULTS,
  type LoginData,
  type LoginPayload,
  OTP_RESEND_INTERVAL_MS,
  primaryContact,
  type SendLoginOtpData,
  type SignInPayload,
} from '@facet/contract';
import { verifyPassword } from '../access/passwords.ts';
import { createSession } from '../access/sessions.ts';
import { findUserByLogin, recordLogin, type UserRow } from '../access/user-repository.ts';
import type { AppContext } from '../app-context.ts';
import type { Db } from '../db/client.ts';
import type { ClientInfo } from '../http/client-info.ts';
import { HttpError } from '../http/envelope.ts';
import { recordLoginEvent } from '../login-log/login-log.ts';
import { signInCodeMail } from '../mail/messages.ts';
import { permissionsOf, toLoginUser } from '../users/login-user.ts';
import { maskEmail } from '../users/mask-email.ts';
import { consumeOtp, issueOtp } from './otp.ts';
import { failureKeyOf, takeSignInTurn } from './sign-in-limits.ts';

/** The forced password change must happen soon after sign-in. */
export const DEFAULT_PASSWORD_SESSION_TTL_MS = 15 * 60 * 1000;

/**
 * Both steps re-check the credentials; unknown users and wrong passwords get the same answer. The whole
 * check, and `then` (the step's own check, e.g. the code), runs in one transaction holding the sign-in
 * locks of the account and the address, and every failure is recorded in it: concurrent guesses are
 * counted one after the other. Failures are returned from the transaction, not thrown, so their log rows
 * commit; `then` may answer an HttpError the same way.
 */
async function underSignInLimits<T>(
  ctx: AppContext,
  input: SignInPayload,
  client: ClientInfo,
  then: (tx: Db, user: UserRow) => Promise<T | HttpError>,
): Promise<{ user: UserRow; value: T }> {
  const outcome = await ctx.db.transaction(async (tx): Promise<{ user: UserRow; value: T } | HttpError> => {
    const found = await findUserByLogin(tx, input.username);
    const key = failureKeyOf(found, input.username);
    const refused = await takeSignInTurn(tx, key, input.username, found?.id ?? null, client);
    if (refused) return refused;
    // Read again under the lock: a concurrent step may have changed the account meanwhile.
    const user = found ? await findUserByLogin(tx, input.username) : undefined;
    const passwordOk = await verifyPassword(user?.passwordHash, input.password);
    const base = { userId: user?.id ?? null, username: input.username, ...client };
    if (!user || !passwordOk) {
      await recordLoginEvent(tx, { ...base, result: user ? 'wrong_password' : 'unknown_user' });
      return new HttpError('E_UNAUTHORIZED', AUTH_RESULTS.invalidCredentials);
    }
    // Checked after the password, so the account state is only told to its owner.
    if (!user.isActive || isExpired(user)) {
      await recordLoginEvent(tx, { ...base, result: 'inactive' });
      return new HttpError('E_FORBIDDEN', AUTH_RESULTS.inactiveUser);
    }
    const value = await then(tx, user);
    return value instanceof HttpError ? value : { user, value };
  });
  if (outcome instanceof HttpError) throw outcome;
  return outcome;
}

/** A guest past the expiry date is treated like an inactive user. */
function isExpired(user: UserRow): boolean {
  return user.expiresAt !== null && user.expiresAt.getTime() <= Date.now();
}

export async function sendLoginOtp(
  ctx: AppContext,
  input: SignInPayload,
  client: ClientInfo,
): Promise<SendLoginOtpData> {
  const { user, value: outcome } = await underSignInLimits(ctx, input, client, async (tx, user) => {
    if (!primaryContact(user.emails))
      throw new Error(`user ${user.id} has no e-mail to send a sign-in code to`);
    const issued = await issueOtp(tx, user.id, input.isResendOtp === true);
    return issued.kind === 'too_soon'
      ? new HttpError('E_TOO_MANY_REQUESTS', AUTH_RESULTS.otpResendTooSoon)
      : issued;
  });
  const email = primaryContact(user.emails) as string;
  if (outcome.kind === 'issued') {
    await ctx.mailer.send(signInCodeMail(email, outcome.code));
    await recordLoginEvent(ctx.db, {
      userId: user.id,
      username: input.username,
      result: 'otp_sent',
      ...client,
    });
  }
  return {
    username: user.username,
    sentTo: maskEmail(email),
    expiresAt: outcome.expiresAt.toISOString(),
    resendAvailableAt: new Date(outcome.sentAt.getTime() + OTP_RESEND_INTERVAL_MS).toISOString(),
  };
}

const OTP_FAILURES = {
  invalid: { result: 'otp_invalid', message: AUTH_RESULTS.otpInvalid },
  expired: { result: 'otp_expired', message: AUTH_RESULTS.otpExpired },
  too_many_attempts: { result: 'otp_invalid', message: AUTH_RESULTS.otpTooManyAttempts },
} as const;

export async function login(
  ctx: AppContext,
  input: LoginPayload,
  client: ClientInfo,
): Promise<{ message: string; data: LoginData }> {
  // The code is checked, and a wrong one recorded, under the same locks as the password.
  const { user } = await underSignInLimits(ctx, input, client, async (tx, user) => {
    const check = await consumeOtp(tx, user.id, input.otp);
    if (check === 'ok') return check;
    const failure = OTP_FAILURES[check];
    await recordLoginEvent(tx, {
      userId: user.id,
      username: input.username,
      result: failure.result,
      ...client,
    });
    return new HttpError('E_UNAUTHORIZED', failure.message);
  });

  const kind = user.defaultPassword ? 'default_password' : 'full';
  const ttlMs = user.defaultPassword ? DEFAULT_PASSWORD_SESSION_TTL_MS : ctx.config.tokenTtlMs;
  const session = await createSession(ctx.db, { userId: user.id, kind, ttlMs, ...client });
  const jwt = await ctx.tokens.sign({ sessionId: session.id, userId: user.id, kind }, session.expiresAt);
  const token = { jwt, expiresAt: session.expiresAt.toISOString() };
  await recordLoginEvent(ctx.db, {
    userId: user.id,
    username: input.username,
    result: user.defaultPassword ? 'default_password' : 'success',
    ...client,
  });

  if (user.defaultPassword) {
    return {
      message: AUTH_RESULTS.defaultPasswordChangeRequired,
      data: { token, user: toLoginUser(user), userPermissions: { data: [] } },
    };
  }
  await recordLogin(ctx.db, user.id, client.ip);
  return {
    message: AUTH_RESULTS.loggedIn,
    data: {
      token,
      user: toLoginUser(user),
      userPermissions: permissionsOf(await ctx.permissions.ofUser(user)),
    },
  };
}

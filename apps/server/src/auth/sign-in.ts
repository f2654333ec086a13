import {
  AUTH_RESULTS,
  type LoginData,
  type LoginPayload,
  OTP_RESEND_INTERVAL_MS,
  primaryContact,
  type SendLoginOtpData,
  type SignInPayload,
} from '@facet/contract';
import type { AppContext } from '../app-context.ts';
import type { ClientInfo } from '../http/client-info.ts';
import { HttpError } from '../http/envelope.ts';
import { recordLoginEvent } from '../logs/login-log.ts';
import { signInCodeMail } from '../mail/messages.ts';
import { permissionsOf, toLoginUser } from '../users/login-user.ts';
import { maskEmail } from '../users/mask-email.ts';
import { findUserByLogin, recordLogin, type UserRow } from '../users/repository.ts';
import { consumeOtp, issueOtp } from './otp.ts';
import { verifyPassword } from './passwords.ts';
import { createSession } from './sessions.ts';
import { assertSignInAllowed } from './sign-in-limits.ts';

/** The forced password change must happen soon after sign-in. */
export const DEFAULT_PASSWORD_SESSION_TTL_MS = 15 * 60 * 1000;

/** Both steps re-check the credentials; unknown users and wrong passwords get the same answer. */
async function checkCredentials(ctx: AppContext, input: SignInPayload, client: ClientInfo): Promise<UserRow> {
  await assertSignInAllowed(ctx.db, input.username, client);
  const user = await findUserByLogin(ctx.db, input.username);
  const passwordOk = await verifyPassword(user?.passwordHash, input.password);
  const base = { userId: user?.id ?? null, username: input.username, ...client };
  if (!user || !passwordOk) {
    await recordLoginEvent(ctx.db, { ...base, result: user ? 'wrong_password' : 'unknown_user' });
    throw new HttpError('E_UNAUTHORIZED', AUTH_RESULTS.invalidCredentials);
  }
  // Checked after the password, so the account state is only told to its owner.
  if (!user.isActive || isExpired(user)) {
    await recordLoginEvent(ctx.db, { ...base, result: 'inactive' });
    throw new HttpError('E_FORBIDDEN', AUTH_RESULTS.inactiveUser);
  }
  return user;
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
  const user = await checkCredentials(ctx, input, client);
  const email = primaryContact(user.emails);
  if (!email) throw new Error(`user ${user.id} has no e-mail to send a sign-in code to`);

  const outcome = await issueOtp(ctx.db, user.id, input.isResendOtp === true);
  if (outcome.kind === 'too_soon') throw new HttpError('E_TOO_MANY_REQUESTS', AUTH_RESULTS.otpResendTooSoon);
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
  const user = await checkCredentials(ctx, input, client);
  const check = await consumeOtp(ctx.db, user.id, input.otp);
  if (check !== 'ok') {
    const failure = OTP_FAILURES[check];
    await recordLoginEvent(ctx.db, {
      userId: user.id,
      username: input.username,
      result: failure.result,
      ...client,
    });
    throw new HttpError('E_UNAUTHORIZED', failure.message);
  }

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

import { setTimeout as sleep } from 'node:timers/promises';
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
import { type FailureKey, recordLoginEvent } from '../login-log/login-log.ts';
import { signInCodeMail } from '../mail/messages.ts';
import { permissionsOf, toLoginUser } from '../users/login-user.ts';
import { maskEmail } from '../users/mask-email.ts';
import { consumeOtp, issueOtp } from './otp.ts';
import { failureKeyOf, releaseSignInTurn, settleSignInTurn, takeSignInTurn } from './sign-in-limits.ts';

/** The forced password change must happen soon after sign-in. */
export const DEFAULT_PASSWORD_SESSION_TTL_MS = 15 * 60 * 1000;

/** How long an attempt waits, in all, for attempts being checked before it to be recorded. */
const TURN_WAIT_MS = 10_000;
const TURN_RETRY_FIRST_MS = 10;
const TURN_RETRY_MAX_MS = 200;
/** A password changed while it was checked is checked again against the new hash, this many times. */
const CHECK_ROUNDS = 3;

interface ReservedTurn {
  key: FailureKey;
  /** The account as read under the locks, with the hash to check; undefined for an unknown login. */
  user: UserRow | undefined;
  reservation: string[];
}

/**
 * Takes a place under the sign-in limits (sign-in-limits.ts), each try in a short transaction of its
 * own, waiting while attempts checked before it could still fill the limit. Answers the refusal to throw.
 */
async function reserveTurn(
  ctx: AppContext,
  input: SignInPayload,
  client: ClientInfo,
): Promise<ReservedTurn | HttpError> {
  const deadline = Date.now() + TURN_WAIT_MS;
  for (let delay = TURN_RETRY_FIRST_MS; ; delay = Math.min(delay * 2, TURN_RETRY_MAX_MS)) {
    const refuseWaiting = Date.now() >= deadline;
    const outcome = await ctx.db.transaction(async (tx) => {
      const found = await findUserByLogin(tx, input.username);
      const key = failureKeyOf(found, input.username);
      const turn = await takeSignInTurn(tx, key, input.username, found?.id ?? null, client, refuseWaiting);
      if (turn.kind !== 'reserved') return turn;
      // Read again under the lock: a concurrent step may have changed the account meanwhile.
      const user = found ? await findUserByLogin(tx, input.username) : undefined;
      return { key, user, reservation: turn.reservation };
    });
    if (!('kind' in outcome)) return outcome;
    if (outcome.kind === 'refused') return outcome.error;
    await sleep(delay);
  }
}

/**
 * Both steps re-check the credentials; unknown users and wrong passwords get the same answer. A place
 * under the account's and the address's limits is reserved first (a short transaction), the password is
 * checked with no transaction open, so no pooled connection (and on PGlite, not the database) waits on
 * argon2, and then one transaction holding the sign-in locks of the account and the address records the
 * outcome and runs `then` (the step's own check, e.g. the code). Reserved places count as failures until
 * settled, so concurrent guesses are counted as if one after the other. Failures are returned from the
 * transaction, not thrown, so their log rows commit; `then` may answer an HttpError the same way.
 */
async function underSignInLimits<T>(
  ctx: AppContext,
  input: SignInPayload,
  client: ClientInfo,
  then: (tx: Db, user: UserRow) => Promise<T | HttpError>,
): Promise<{ user: UserRow; value: T }> {
  for (let round = 1; ; round += 1) {
    const turn = await reserveTurn(ctx, input, client);
    if (turn instanceof HttpError) throw turn;
    // An unknown login is checked against a dummy hash, so both answers take as long.
    const checkedHash = turn.user?.passwordHash;
    const passwordOk = await verifyPassword(checkedHash, input.password);
    const outcome = await ctx.db
      .transaction(async (tx): Promise<{ user: UserRow; value: T } | HttpError | 'again'> => {
        const held = await settleSignInTurn(tx, turn.key, client, turn.reservation);
        const user = turn.user ? await findUserByLogin(tx, input.username) : undefined;
        // The password changed while it was checked: check the new one, as if the attempt came after.
        if (held && user && user.passwordHash !== checkedHash && round < CHECK_ROUNDS) return 'again';
        const base = { userId: user?.id ?? null, username: input.username, ...client };
        const failed = !user || !passwordOk || user.passwordHash !== checkedHash;
        if (!held) {
          // Its place lapsed during the check, so other attempts may have counted without it: a wrong
          // password still counts as a failure, and no answer says whether the password was right.
          await recordLoginEvent(tx, {
            ...base,
            result: failed ? (user ? 'wrong_password' : 'unknown_user') : 'rate_limited',
          });
          return new HttpError('E_TOO_MANY_REQUESTS', AUTH_RESULTS.tooManySignInAttempts);
        }
        if (failed) {
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
      })
      .catch(async (error: unknown) => {
        // The outcome was not recorded: the place is given back rather than held until it expires.
        await releaseSignInTurn(ctx.db, turn.reservation).catch(() => undefined);
        throw error;
      });
    if (outcome === 'again') continue;
    if (outcome instanceof HttpError) throw outcome;
    return outcome;
  }
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

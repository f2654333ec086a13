import { AUTH_RESULTS } from '@facet/contract';
import { and, eq, max, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { LOCK_SPACES } from '../db/lock-keys.ts';
import type { ClientInfo } from '../http/client-info.ts';
import { HttpError } from '../http/envelope.ts';
import { countRecentFailures, type FailureKey, recordLoginEvent } from '../login-log/login-log.ts';
import { loginLogs } from '../login-log/login-log-table.ts';

export const SIGN_IN_LIMITS = {
  windowMs: 15 * 60 * 1000,
  failuresPerUsername: 10,
  failuresPerIp: 30,
} as const;

/** What the per-account limit counts: the user a login names (username or e-mail alike), else the text. */
export function failureKeyOf(user: { id: string } | undefined, login: string): FailureKey {
  return user ? { userId: user.id } : { username: login };
}

function lockText(key: FailureKey): string {
  return 'userId' in key ? `user:${key.userId}` : `login:${key.username.trim().toLowerCase()}`;
}

/**
 * How far back the account's failures count: the window, cut at the account's last password reset
 * through a mailed link. Guesses at a password that is gone no longer count, and whoever reads the
 * account's mailbox is let back in at once. (The difference of two clock readings of this process, so
 * the cut falls on the reset's own time whatever the skew between this host and the database.)
 */
async function accountWindowMs(tx: Db, key: FailureKey): Promise<number> {
  if (!('userId' in key)) return SIGN_IN_LIMITS.windowMs;
  const [reset] = await tx
    .select({ at: max(loginLogs.createdAt) })
    .from(loginLogs)
    .where(and(eq(loginLogs.userId, key.userId), eq(loginLogs.result, 'password_reset')));
  if (!reset?.at) return SIGN_IN_LIMITS.windowMs;
  return Math.min(SIGN_IN_LIMITS.windowMs, Date.now() - reset.at.getTime());
}

/**
 * Call at the start of the transaction that checks a sign-in step and records its failure. The account
 * and the address are locked (always in that order) until the transaction ends, so the count, the check
 * and the record of concurrent attempts happen one after the other: parallel guesses cannot all pass
 * the count before any failure is written. Answers the refusal to return (after recording it) when too
 * many recent failures were logged; counting the login log keeps the limit exact across instances.
 */
export async function takeSignInTurn(
  tx: Db,
  key: FailureKey,
  login: string,
  userId: string | null,
  client: ClientInfo,
): Promise<HttpError | null> {
  await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_SPACES.signIn}, hashtext(${lockText(key)}))`);
  await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_SPACES.signIn}, hashtext(${`ip:${client.ip}`}))`);
  const byAccount = await countRecentFailures(tx, key, await accountWindowMs(tx, key));
  const byIp = await countRecentFailures(tx, { ip: client.ip }, SIGN_IN_LIMITS.windowMs);
  const addressLocked = byIp >= SIGN_IN_LIMITS.failuresPerIp;
  if (byAccount < SIGN_IN_LIMITS.failuresPerUsername && !addressLocked) return null;
  await recordLoginEvent(tx, { userId, username: login, result: 'rate_limited', ...client });
  // A reset ends the account's lock-out, not the address's: the hint is given only where it helps.
  return new HttpError(
    'E_TOO_MANY_REQUESTS',
    addressLocked ? AUTH_RESULTS.tooManySignInAttempts : AUTH_RESULTS.accountLocked,
  );
}

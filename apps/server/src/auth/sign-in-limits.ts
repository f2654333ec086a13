import { AUTH_RESULTS } from '@facet/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import type { ClientInfo } from '../http/client-info.ts';
import { HttpError } from '../http/envelope.ts';
import { countRecentFailures, type FailureKey, recordLoginEvent } from '../logs/login-log.ts';

export const SIGN_IN_LIMITS = {
  windowMs: 15 * 60 * 1000,
  failuresPerUsername: 10,
  failuresPerIp: 30,
} as const;

/** First key of the two-key advisory locks of sign-in attempts (apart from other advisory locks). */
const SIGN_IN_LOCK_SPACE = 7_263_913;

/** What the per-account limit counts: the user a login names (username or e-mail alike), else the text. */
export function failureKeyOf(user: { id: string } | undefined, login: string): FailureKey {
  return user ? { userId: user.id } : { username: login };
}

function lockText(key: FailureKey): string {
  return 'userId' in key ? `user:${key.userId}` : `login:${key.username.trim().toLowerCase()}`;
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
  await tx.execute(sql`select pg_advisory_xact_lock(${SIGN_IN_LOCK_SPACE}, hashtext(${lockText(key)}))`);
  await tx.execute(sql`select pg_advisory_xact_lock(${SIGN_IN_LOCK_SPACE}, hashtext(${`ip:${client.ip}`}))`);
  const byAccount = await countRecentFailures(tx, key, SIGN_IN_LIMITS.windowMs);
  const byIp = await countRecentFailures(tx, { ip: client.ip }, SIGN_IN_LIMITS.windowMs);
  if (byAccount < SIGN_IN_LIMITS.failuresPerUsername && byIp < SIGN_IN_LIMITS.failuresPerIp) return null;
  await recordLoginEvent(tx, { userId, username: login, result: 'rate_limited', ...client });
  return new HttpError('E_TOO_MANY_REQUESTS', AUTH_RESULTS.tooManySignInAttempts);
}

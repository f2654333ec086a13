import { AUTH_RESULTS } from '@facet/contract';
import type { Db } from '../db/client.ts';
import type { ClientInfo } from '../http/client-info.ts';
import { HttpError } from '../http/envelope.ts';
import { countRecentFailures, recordLoginEvent } from '../logs/login-log.ts';

export const SIGN_IN_LIMITS = {
  windowMs: 15 * 60 * 1000,
  failuresPerUsername: 10,
  failuresPerIp: 30,
} as const;

/**
 * Refuses a sign-in step once too many recent failures were logged for the username or the address.
 * Counting the login log keeps the limit exact across instances, with no shared memory.
 */
export async function assertSignInAllowed(db: Db, username: string, client: ClientInfo): Promise<void> {
  const [byUsername, byIp] = await Promise.all([
    countRecentFailures(db, { username }, SIGN_IN_LIMITS.windowMs),
    countRecentFailures(db, { ip: client.ip }, SIGN_IN_LIMITS.windowMs),
  ]);
  if (byUsername < SIGN_IN_LIMITS.failuresPerUsername && byIp < SIGN_IN_LIMITS.failuresPerIp) return;
  await recordLoginEvent(db, { userId: null, username, result: 'rate_limited', ...client });
  throw new HttpError('E_TOO_MANY_REQUESTS', AUTH_RESULTS.tooManySignInAttempts);
}

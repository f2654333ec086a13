import { AUTH_RESULTS } from '@facet/contract';
import { and, count, eq, inArray, max, sql } from 'drizzle-orm';
import { throttleEvents } from '../access/auth-tables.ts';
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

/** The account's and the address's sign-in locks, always in that order, until the transaction ends. */
async function lockSignIn(tx: Db, key: FailureKey, client: ClientInfo): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_SPACES.signIn}, hashtext(${lockText(key)}))`);
  await tx.execute(sql`select pg_advisory_xact_lock(${LOCK_SPACES.signIn}, hashtext(${`ip:${client.ip}`}))`);
}

/**
 * An attempt whose password is being checked, outside any transaction: it holds a place under both
 * limits until its outcome is recorded (settleSignInTurn). Kept as a throttle event, so every instance
 * counts it; one whose instance stopped mid-check stops counting after SIGN_IN_RESERVATION_MS.
 */
const PENDING_ACTION = 'sign_in_pending';
const SIGN_IN_RESERVATION_MS = 60_000;
/** Whether a reservation still counts, by the database's clock (the one that stamped it), not this host's. */
const reservationLive = sql<boolean>`${throttleEvents.createdAt} > now() - make_interval(secs => ${SIGN_IN_RESERVATION_MS / 1000})`;

async function countPending(tx: Db, key: string): Promise<number> {
  const [row] = await tx
    .select({ value: count() })
    .from(throttleEvents)
    .where(and(eq(throttleEvents.action, PENDING_ACTION), eq(throttleEvents.key, key), reservationLive));
  return row?.value ?? 0;
}

type SignInTurn =
  /** Too many recent failures: answer this (the refusal is recorded). */
  | { kind: 'refused'; error: HttpError }
  /**
   * Under the limits only if attempts still being checked do not fail: try again once they are
   * recorded, so the count stays what it would be one attempt after the other.
   */
  | { kind: 'wait' }
  /** A place is held: check the password, then settle the turn with these ids. */
  | { kind: 'reserved'; reservation: string[] };

/**
 * The first step of a sign-in check, in a short transaction of its own. The account and the address are
 * locked while the recent failures (counting the login log keeps the limit exact across instances) and
 * the attempts still being checked are counted, and a place is reserved under both limits, so parallel
 * guesses cannot all pass the count before any failure is written. The password is then checked with no
 * transaction open (argon2 takes tens of milliseconds), and the outcome recorded by settleSignInTurn.
 * With `refuseWaiting`, an attempt that would wait is refused instead (it waited long enough).
 */
export async function takeSignInTurn(
  tx: Db,
  key: FailureKey,
  login: string,
  userId: string | null,
  client: ClientInfo,
  refuseWaiting = false,
): Promise<SignInTurn> {
  await lockSignIn(tx, key, client);
  const byAccount = await countRecentFailures(tx, key, await accountWindowMs(tx, key));
  const byIp = await countRecentFailures(tx, { ip: client.ip }, SIGN_IN_LIMITS.windowMs);
  let addressLocked = byIp >= SIGN_IN_LIMITS.failuresPerIp;
  // Refused for failures already recorded, rather than for attempts still being checked (a wait that ran out).
  const lockedByFailures = addressLocked || byAccount >= SIGN_IN_LIMITS.failuresPerUsername;
  if (byAccount < SIGN_IN_LIMITS.failuresPerUsername && !addressLocked) {
    const accountPending = await countPending(tx, lockText(key));
    const ipPending = await countPending(tx, `ip:${client.ip}`);
    const accountFull = byAccount + accountPending >= SIGN_IN_LIMITS.failuresPerUsername;
    addressLocked = byIp + ipPending >= SIGN_IN_LIMITS.failuresPerIp;
    if (!accountFull && !addressLocked) {
      const reserved = await tx
        .insert(throttleEvents)
        .values([
          { action: PENDING_ACTION, key: lockText(key) },
          { action: PENDING_ACTION, key: `ip:${client.ip}` },
        ])
        .returning({ id: throttleEvents.id });
      return { kind: 'reserved', reservation: reserved.map((row) => row.id) };
    }
    if (!refuseWaiting) return { kind: 'wait' };
  }
  await recordLoginEvent(tx, { userId, username: login, result: 'rate_limited', ...client });
  // A reset ends the account's lock-out, not the address's: the hint is given only where it helps.
  return {
    kind: 'refused',
    error: new HttpError(
      'E_TOO_MANY_REQUESTS',
      addressLocked || !lockedByFailures ? AUTH_RESULTS.tooManySignInAttempts : AUTH_RESULTS.accountLocked,
    ),
  };
}

/**
 * Call at the start of the transaction that records the outcome of a reserved attempt: the same locks
 * are taken again and the place given back, so the failure (if any) is written before the next attempt
 * counts. Answers whether the place still counted: one that lapsed while the password was checked (a
 * check queued past the reservation's life) no longer held the attempt's place, and other attempts may
 * have taken it, so the caller refuses the attempt whatever the password.
 */
export async function settleSignInTurn(
  tx: Db,
  key: FailureKey,
  client: ClientInfo,
  reservation: readonly string[],
): Promise<boolean> {
  await lockSignIn(tx, key, client);
  const released = await tx
    .delete(throttleEvents)
    .where(inArray(throttleEvents.id, [...reservation]))
    .returning({ live: reservationLive });
  return released.length === reservation.length && released.every((row) => row.live);
}

/** Gives a reserved place back (also when the outcome could not be recorded). */
export async function releaseSignInTurn(db: Db, reservation: readonly string[]): Promise<void> {
  await db.delete(throttleEvents).where(inArray(throttleEvents.id, [...reservation]));
}

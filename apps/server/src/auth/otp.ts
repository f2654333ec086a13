import { randomInt } from 'node:crypto';
import { OTP_LENGTH, OTP_MAX_ATTEMPTS, OTP_RESEND_INTERVAL_MS, OTP_TTL_MS } from '@facet/contract';
import { and, eq, gt, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { loginOtps } from '../access/auth-tables.ts';
import { sha256 } from '../access/secret-hash.ts';
import type { Db } from '../db/client.ts';

export function generateOtp(): string {
  return randomInt(0, 10 ** OTP_LENGTH)
    .toString()
    .padStart(OTP_LENGTH, '0');
}

export type IssueOutcome =
  /** A new code to mail. */
  | { kind: 'issued'; code: string; expiresAt: Date; sentAt: Date }
  /** A plain (non-resend) request while the last code is fresh and usable: keep it, mail nothing. */
  | { kind: 'reused'; expiresAt: Date; sentAt: Date }
  | { kind: 'too_soon'; resendAvailableAt: Date };

/**
 * One live code per user. While an unused code is younger than OTP_RESEND_INTERVAL_MS nothing is mailed,
 * so the endpoint cannot flood a mailbox: an explicit resend is refused, while a repeated sign-in submit
 * keeps the code already sent (the user can still type it). A used code does not hold back the next
 * sign-in (for instance right after the forced password change).
 */
export async function issueOtp(db: Db, userId: string, isResend: boolean): Promise<IssueOutcome> {
  const now = Date.now();
  const [current] = await db.select().from(loginOtps).where(eq(loginOtps.userId, userId)).limit(1);
  if (current && !current.consumedAt && now - current.lastSentAt.getTime() < OTP_RESEND_INTERVAL_MS) {
    const usable = current.attempts < OTP_MAX_ATTEMPTS && current.expiresAt.getTime() > now;
    if (!isResend && usable)
      return { kind: 'reused', expiresAt: current.expiresAt, sentAt: current.lastSentAt };
    return {
      kind: 'too_soon',
      resendAvailableAt: new Date(current.lastSentAt.getTime() + OTP_RESEND_INTERVAL_MS),
    };
  }

  const code = generateOtp();
  const sentAt = new Date(now);
  const expiresAt = new Date(now + OTP_TTL_MS);
  const fresh = {
    codeHash: sha256(code),
    expiresAt,
    attempts: 0,
    consumedAt: null,
    createdAt: sentAt,
    lastSentAt: sentAt,
  };
  const written = await db
    .insert(loginOtps)
    .values({ userId, ...fresh })
    .onConflictDoUpdate({
      target: loginOtps.userId,
      set: fresh,
      // Two concurrent requests: only the first within the interval wins.
      setWhere: or(
        isNotNull(loginOtps.consumedAt),
        lt(loginOtps.lastSentAt, new Date(now - OTP_RESEND_INTERVAL_MS)),
      ),
    })
    .returning({ userId: loginOtps.userId });
  if (written.length === 0) {
    return { kind: 'too_soon', resendAvailableAt: new Date(now + OTP_RESEND_INTERVAL_MS) };
  }
  return { kind: 'issued', code, expiresAt, sentAt };
}

export type OtpCheck = 'ok' | 'invalid' | 'expired' | 'too_many_attempts';

/** Consumes the code when it matches; a wrong guess costs one of OTP_MAX_ATTEMPTS tries. */
export async function consumeOtp(db: Db, userId: string, code: string): Promise<OtpCheck> {
  const live = and(
    eq(loginOtps.userId, userId),
    isNull(loginOtps.consumedAt),
    lt(loginOtps.attempts, OTP_MAX_ATTEMPTS),
  );
  // Atomic: a code can be consumed once even under concurrent requests.
  const consumed = await db
    .update(loginOtps)
    .set({ consumedAt: sql`now()` })
    .where(and(live, eq(loginOtps.codeHash, sha256(code)), gt(loginOtps.expiresAt, sql`now()`)))
    .returning({ userId: loginOtps.userId });
  if (consumed.length > 0) return 'ok';

  const [current] = await db.select().from(loginOtps).where(eq(loginOtps.userId, userId)).limit(1);
  if (!current || current.consumedAt) return 'invalid';
  if (current.attempts >= OTP_MAX_ATTEMPTS) return 'too_many_attempts';
  if (current.expiresAt.getTime() <= Date.now()) return 'expired';

  const [counted] = await db
    .update(loginOtps)
    .set({ attempts: sql`${loginOtps.attempts} + 1` })
    .where(live)
    .returning({ attempts: loginOtps.attempts });
  return counted && counted.attempts < OTP_MAX_ATTEMPTS ? 'invalid' : 'too_many_attempts';
}

import { and, count, eq, gt, lt, sql } from 'drizzle-orm';
import { throttleEvents } from '../access/auth-tables.ts';
import type { Db } from '../db/client.ts';
import { LOCK_SPACES } from '../db/lock-keys.ts';

export interface ThrottleRule {
  action: string;
  max: number;
  windowMs: number;
}

/**
 * Counts an attempt and tells whether it stays within the rule. The count lives in the database, so
 * every instance sees the same number. The rule's key is locked while it is counted and the attempt
 * recorded, so parallel requests are counted one after the other: they cannot all read a count below
 * the limit before any of them is written. The transaction holds nothing else, so the pooled connection
 * is back at once; callers hash and mail outside it.
 */
export async function takeAttempt(db: Db, rule: ThrottleRule, key: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(${LOCK_SPACES.throttle}, hashtext(${`${rule.action}:${key}`}))`,
    );
    const since = new Date(Date.now() - rule.windowMs);
    const [row] = await tx
      .select({ value: count() })
      .from(throttleEvents)
      .where(
        and(
          eq(throttleEvents.action, rule.action),
          eq(throttleEvents.key, key),
          gt(throttleEvents.createdAt, since),
        ),
      );
    if ((row?.value ?? 0) >= rule.max) return false;
    await tx.insert(throttleEvents).values({ action: rule.action, key });
    return true;
  });
}

/** Rows older than a day serve no rule. */
export async function pruneThrottleEvents(db: Db): Promise<void> {
  await db.delete(throttleEvents).where(lt(throttleEvents.createdAt, sql`now() - interval '1 day'`));
}

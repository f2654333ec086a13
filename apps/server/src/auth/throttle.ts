import { and, count, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { throttleEvents } from '../db/schema.ts';

export interface ThrottleRule {
  action: string;
  max: number;
  windowMs: number;
}

/**
 * Counts an attempt and tells whether it stays within the rule. The count lives in the database, so
 * every instance sees the same number.
 */
export async function takeAttempt(db: Db, rule: ThrottleRule, key: string): Promise<boolean> {
  const since = new Date(Date.now() - rule.windowMs);
  const [row] = await db
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
  await db.insert(throttleEvents).values({ action: rule.action, key });
  return true;
}

/** Rows older than a day serve no rule. */
export async function pruneThrottleEvents(db: Db): Promise<void> {
  await db.delete(throttleEvents).where(lt(throttleEvents.createdAt, sql`now() - interval '1 day'`));
}

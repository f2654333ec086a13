import { NOTIFICATION_CHANNEL_LIMITS, type pushSubscriptionSchema } from '@facet/contract';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../db/client.ts';
import { pushSubscriptions } from './notification-channel-tables.ts';

type Subscription = z.output<typeof pushSubscriptionSchema>;

const USER_AGENT_MAX = 300;

/**
 * Records the browser for the user. Its address names one browser: a browser another user subscribed
 * before (a shared desk) now receives this user's notifications only. Past the cap the user's oldest
 * browsers are dropped, so no one fills the table.
 */
export async function subscribe(
  db: Db,
  userId: string,
  subscription: Subscription,
  userAgent: string | undefined,
): Promise<void> {
  const values = {
    userId,
    endpoint: subscription.endpoint,
    p256dh: subscription.keys.p256dh,
    auth: subscription.keys.auth,
    userAgent: userAgent?.slice(0, USER_AGENT_MAX) ?? null,
  };
  await db.transaction(async (tx) => {
    await tx
      .insert(pushSubscriptions)
      .values(values)
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: { ...values, createdAt: sql`now()`, lastSuccessAt: null },
      });
    const beyond = await tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId))
      .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
      .offset(NOTIFICATION_CHANNEL_LIMITS.subscriptionsPerUser);
    if (beyond.length > 0) {
      await tx.delete(pushSubscriptions).where(
        inArray(
          pushSubscriptions.id,
          beyond.map((row) => row.id),
        ),
      );
    }
  });
}

/** Forgets the browser, when it is the user's. */
export async function unsubscribe(db: Db, userId: string, endpoint: string): Promise<void> {
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
}

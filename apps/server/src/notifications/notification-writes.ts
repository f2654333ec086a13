import type { notificationUpdateSchema } from '@facet/contract';
import { and, eq, lt, not, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../db/client.ts';
import { notifications } from './notification-table.ts';

/** Read notifications are kept this long; unread ones until read. */
export const NOTIFICATION_RETENTION_DAYS = 365;

/** Marks every unread notification of the user read; answers how many it marked. */
export async function markAllRead(db: Db, userId: string): Promise<number> {
  const updated = await db
    .update(notifications)
    .set({ isRead: true, readAt: sql`now()` })
    .where(and(eq(notifications.userId, userId), not(notifications.isRead)))
    .returning({ id: notifications.id });
  return updated.length;
}

/** Sets the read and visited marks of one of the user's own notifications; none when it is not theirs. */
export async function markNotification(
  db: Db,
  id: string,
  userId: string,
  marks: z.output<typeof notificationUpdateSchema>,
) {
  const [row] = await db
    .update(notifications)
    .set({
      ...(marks.isRead === undefined
        ? {}
        : {
            isRead: marks.isRead,
            readAt: marks.isRead ? sql`coalesce(${notifications.readAt}, now())` : null,
          }),
      ...(marks.isVisited === undefined ? {} : { isVisited: marks.isVisited }),
    })
    // Someone else's notification is answered exactly like a missing one.
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning();
  return row;
}

/** Retention, run with the other maintenance tasks: read notifications past the retention period. */
export async function pruneNotifications(db: Db, retentionDays = NOTIFICATION_RETENTION_DAYS): Promise<void> {
  await db
    .delete(notifications)
    .where(
      and(
        eq(notifications.isRead, true),
        lt(notifications.createdAt, sql`now() - make_interval(days => ${retentionDays})`),
      ),
    );
}

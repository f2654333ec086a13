import type { SentNotification, SentNotificationPage, sentNotificationQuerySchema } from '@facet/contract';
import { and, count, desc, eq, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { users } from '../access/user-table.ts';
import type { Db } from '../db/client.ts';
import { likePattern } from '../db/paging.ts';
import { auditLogs } from '../resources/audit-table.ts';
import { notifications } from './notification-table.ts';

type SentQuery = z.output<typeof sentNotificationQuerySchema>;

/** What a send's audit entry keeps of it (notification-routes.ts writes it). */
interface SendRecord {
  title?: string;
  message?: string;
  module?: string | null;
  action?: SentNotification['action'];
  notified?: number;
  email?: boolean;
}

function sendsCondition(search: string | undefined): SQL {
  const pattern = search ? likePattern(search) : undefined;
  return and(
    eq(auditLogs.entityType, 'notification'),
    eq(auditLogs.action, 'notification.send'),
    pattern
      ? or(
          sql`${auditLogs.after}->>'title' ilike ${pattern}`,
          sql`${auditLogs.after}->>'message' ilike ${pattern}`,
        )
      : undefined,
  ) as SQL;
}

/**
 * The sends made from the panel, newest first, read from their audit entries (which every send writes in
 * its transaction, kept as long as the trail): what was sent, by whom, to how many, and how many of those
 * notifications are read now.
 */
export async function sentNotifications(db: Db, query: SentQuery): Promise<SentNotificationPage> {
  const where = sendsCondition(query.search);
  const read = db
    .select({ value: count() })
    .from(notifications)
    .where(and(eq(notifications.batchId, auditLogs.entityId), eq(notifications.isRead, true)));
  const [rows, [total]] = await Promise.all([
    db
      .select({
        batchId: auditLogs.entityId,
        after: auditLogs.after,
        sentBy: auditLogs.actorId,
        sentByName: users.name,
        createdAt: auditLogs.createdAt,
        read: sql<number>`(${read})`.mapWith(Number),
      })
      .from(auditLogs)
      .leftJoin(users, eq(users.id, auditLogs.actorId))
      .where(where)
      .orderBy(desc(auditLogs.createdAt), desc(auditLogs.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ value: count() }).from(auditLogs).where(where),
  ]);
  return {
    list: rows.map((row) => {
      const send = (row.after ?? {}) as SendRecord;
      return {
        batchId: row.batchId,
        title: send.title ?? '',
        message: send.message ?? '',
        module: send.module ?? null,
        action: send.action ?? null,
        recipients: send.notified ?? 0,
        read: row.read,
        emailed: send.email === true,
        sentBy: row.sentBy,
        sentByName: row.sentByName,
        createdAt: row.createdAt.toISOString(),
      };
    }),
    count: total?.value ?? 0,
  };
}

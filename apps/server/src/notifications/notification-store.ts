import type { NotificationAction, NotificationRecord } from '@facet/contract';
import type { SQL } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import { users } from '../access/user-table.ts';
import type { Db } from '../db/client.ts';
import { notifications } from './notification-table.ts';

export interface NotificationContent {
  title: string;
  message: string;
  module: string | null;
  action: NotificationAction | null;
}

/**
 * One row per user matching `recipients`, in a single INSERT … SELECT: one round trip, and no bind
 * parameter per recipient (a user type may hold thousands). Answers the recipients' ids.
 */
export async function insertBatch(
  tx: Db,
  batch: { batchId: string; recipients: SQL; content: NotificationContent; createdBy: string | null },
): Promise<string[]> {
  const { content } = batch;
  const rows = tx
    .select({
      id: sql`gen_random_uuid()`.as('id'),
      userId: users.id,
      batchId: sql`${batch.batchId}::uuid`.as('batch_id'),
      module: sql`${content.module}::text`.as('module'),
      action: sql`${content.action}::text`.as('action'),
      title: sql`${content.title}::text`.as('title'),
      message: sql`${content.message}::text`.as('message'),
      isRead: sql`false`.as('is_read'),
      isVisited: sql`false`.as('is_visited'),
      readAt: sql`null::timestamptz`.as('read_at'),
      createdBy: sql`${batch.createdBy}::uuid`.as('created_by'),
      createdAt: sql`now()`.as('created_at'),
    })
    .from(users)
    .where(batch.recipients);
  const inserted = await tx.insert(notifications).select(rows).returning({ userId: notifications.userId });
  return inserted.map((row) => row.userId);
}

type NotificationRow = typeof notifications.$inferSelect;

export function toNotificationRecord(row: NotificationRow, createdByName: string | null): NotificationRecord {
  return {
    id: row.id,
    userId: row.userId,
    module: row.module,
    action: row.action as NotificationAction | null,
    title: row.title,
    message: row.message,
    isRead: row.isRead,
    isVisited: row.isVisited,
    readAt: row.readAt?.toISOString() ?? null,
    createdBy: row.createdBy,
    createdByName,
    createdAt: row.createdAt.toISOString(),
  };
}

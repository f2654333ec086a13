import {
  type NotificationPage,
  type NotificationRecipientOption,
  type notificationPaginateSchema,
  type notificationRecipientQuerySchema,
  primaryContact,
} from '@facet/contract';
import { and, asc, count, desc, eq, ilike, isNull, not, or, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { users } from '../access/user-table.ts';
import type { Db } from '../db/client.ts';
import { likePattern } from '../db/paging.ts';
import { accounts } from '../db/resource-tables.ts';
import { columnOf } from '../resources/columns.ts';
import { toNotificationRecord } from './notification-store.ts';
import { notifications } from './notification-table.ts';
import { reachableUsers } from './recipients.ts';

type PaginateBody = z.output<typeof notificationPaginateSchema>;

function listCondition(userId: string, body: PaginateBody): SQL {
  const filter = body.filter ?? {};
  const pattern = body.search ? likePattern(body.search) : undefined;
  return and(
    eq(notifications.userId, userId),
    filter.isRead === undefined ? undefined : eq(notifications.isRead, filter.isRead),
    filter.isVisited === undefined ? undefined : eq(notifications.isVisited, filter.isVisited),
    filter.module ? eq(notifications.module, filter.module) : undefined,
    filter.action ? eq(notifications.action, filter.action) : undefined,
    pattern ? or(ilike(notifications.title, pattern), ilike(notifications.message, pattern)) : undefined,
  ) as SQL;
}

export async function unreadOf(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), not(notifications.isRead)));
  return row?.value ?? 0;
}

/** One page of a user's own notifications, with the sender's name and the user's unread count. */
export async function notificationPage(
  db: Db,
  userId: string,
  body: PaginateBody,
): Promise<NotificationPage> {
  const where = listCondition(userId, body);
  const direction = body.sort?.createdAt?.toLowerCase() === 'asc' ? asc : desc;
  const [rows, [total], unread] = await Promise.all([
    db
      .select({ row: notifications, createdByName: users.name })
      .from(notifications)
      .leftJoin(users, eq(users.id, notifications.createdBy))
      .where(where)
      .orderBy(direction(notifications.createdAt), direction(notifications.id))
      .limit(body.limit)
      .offset((body.page - 1) * body.limit),
    db.select({ value: count() }).from(notifications).where(where),
    unreadOf(db, userId),
  ]);
  return {
    list: rows.map(({ row, createdByName }) => toNotificationRecord(row, createdByName)),
    count: total?.value ?? 0,
    unread,
  };
}

export async function recipientOptions(
  db: Db,
  query: z.output<typeof notificationRecipientQuerySchema>,
): Promise<NotificationRecipientOption[]> {
  const pattern = query.search ? likePattern(query.search) : undefined;
  if (query.kind === 'users') {
    const rows = await db
      .select({
        id: users.id,
        name: users.name,
        username: users.username,
        emails: users.emails,
        type: users.type,
      })
      .from(users)
      .where(
        and(
          reachableUsers(),
          pattern
            ? or(
                ilike(users.name, pattern),
                ilike(users.username, pattern),
                ilike(users.primaryEmailLower, pattern),
              )
            : undefined,
        ),
      )
      .orderBy(asc(users.name), asc(users.id))
      .limit(query.limit);
    return rows.map((row) => ({
      value: row.id,
      label: row.name,
      description: [row.username, primaryContact(row.emails)].filter(Boolean).join(' · '),
      userType: row.type,
    }));
  }
  const name = columnOf(accounts, 'name');
  const code = columnOf(accounts, 'code');
  const rows = await db
    .select({ id: columnOf(accounts, 'id'), name, code })
    .from(accounts)
    .where(
      and(
        isNull(columnOf(accounts, 'deletedAt')),
        pattern ? or(ilike(name, pattern), ilike(code, pattern)) : undefined,
      ),
    )
    .orderBy(asc(name), asc(columnOf(accounts, 'id')))
    .limit(query.limit);
  return rows.map((row) => ({
    value: String(row.id),
    label: String(row.name),
    description: row.code ? String(row.code) : null,
  }));
}

export async function senderNameOf(db: Db, createdBy: string | null): Promise<string | null> {
  const [sender] = createdBy
    ? await db.select({ name: users.name }).from(users).where(eq(users.id, createdBy))
    : [];
  return sender?.name ?? null;
}

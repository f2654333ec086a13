import { randomUUID } from 'node:crypto';
import {
  NOTIFICATION_ENDPOINTS,
  NOTIFICATION_LIMITS,
  NOTIFICATION_MESSAGES,
  type NotificationPage,
  type NotificationReadAllResult,
  type NotificationRecipientOption,
  type NotificationSendResult,
  type notificationPaginateSchema,
  type notificationRecipientQuerySchema,
  primaryContact,
} from '@facet/contract';
import { and, asc, count, desc, eq, ilike, inArray, isNull, lt, not, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { AppContext } from '../app-context.ts';
import { recordAudit } from '../audit/audit-log.ts';
import type { Db } from '../db/client.ts';
import { likePattern } from '../db/paging.ts';
import { accounts, notifications, users } from '../db/schema.ts';
import { mountRoutes } from '../http/access-plugin.ts';
import { clientInfo } from '../http/client-info.ts';
import { fieldError, HttpError, ok } from '../http/envelope.ts';
import { idParam } from '../http/params.ts';
import { implement } from '../http/route.ts';
import { columnOf } from '../resources/columns.ts';
import { drainNotificationMails, notificationMails, sendInBackground } from './notification-mail.ts';
import { channelsOf, insertBatch, toNotificationRecord } from './notification-store.ts';
import { assertRecipientsExist, countRecipients, reachableUsers, recipientsCondition } from './recipients.ts';

/** Read notifications are kept this long; unread ones until read. */
export const NOTIFICATION_RETENTION_DAYS = 365;

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

async function unreadOf(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), not(notifications.isRead)));
  return row?.value ?? 0;
}

async function recipientOptions(
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

/**
 * `apis/notification/*`: every signed-in user reads and marks their own notifications; holders of
 * Notification Settings (insert) send them. E-mails still going out are awaited before shutdown.
 */
export function registerNotifications(app: FastifyInstance, ctx: AppContext): void {
  mountRoutes(app, notificationRoutes(ctx));
  app.addHook('preClose', async () => {
    await drainNotificationMails(ctx.mailer);
  });
}

export function notificationRoutes(ctx: AppContext) {
  return [
    implement(NOTIFICATION_ENDPOINTS.paginate, async ({ body, auth }) => {
      const me = auth.user.id;
      const where = listCondition(me, body);
      const direction = body.sort?.createdAt?.toLowerCase() === 'asc' ? asc : desc;
      const [rows, [total], unread] = await Promise.all([
        ctx.db
          .select({ row: notifications, createdByName: users.name })
          .from(notifications)
          .leftJoin(users, eq(users.id, notifications.createdBy))
          .where(where)
          .orderBy(direction(notifications.createdAt), direction(notifications.id))
          .limit(body.limit)
          .offset((body.page - 1) * body.limit),
        ctx.db.select({ value: count() }).from(notifications).where(where),
        unreadOf(ctx.db, me),
      ]);
      const data: NotificationPage = {
        list: rows.map(({ row, createdByName }) => toNotificationRecord(row, createdByName)),
        count: total?.value ?? 0,
        unread,
      };
      return ok(NOTIFICATION_MESSAGES.list, data);
    }),
    implement(NOTIFICATION_ENDPOINTS.readAll, async ({ auth }) => {
      // A user's own read marks are not an administrative change: they stay out of the audit trail.
      const updated = await ctx.db
        .update(notifications)
        .set({ isRead: true, readAt: sql`now()` })
        .where(and(eq(notifications.userId, auth.user.id), not(notifications.isRead)))
        .returning({ id: notifications.id });
      const data: NotificationReadAllResult = {
        updated: updated.length,
        unread: await unreadOf(ctx.db, auth.user.id),
      };
      return ok(NOTIFICATION_MESSAGES.allRead, data);
    }),
    implement(NOTIFICATION_ENDPOINTS.recipients, async ({ body }) =>
      ok(NOTIFICATION_MESSAGES.recipientOptions, await recipientOptions(ctx.db, body)),
    ),
    implement(NOTIFICATION_ENDPOINTS.send, async ({ body, auth, request }) => {
      const recipients = recipientsCondition(body.recipients);
      await assertRecipientsExist(ctx.db, body.recipients);
      const content = {
        title: body.title,
        message: body.message,
        module: body.module ?? null,
        action: body.action ?? null,
      };
      const channels = await channelsOf(ctx.db, content.action);
      const batchId = randomUUID();
      const notified = await ctx.db.transaction(async (tx) => {
        const reached = await countRecipients(tx, recipients);
        if (reached === 0) throw fieldError('recipients', NOTIFICATION_MESSAGES.noRecipients);
        if (reached > NOTIFICATION_LIMITS.recipients) {
          throw fieldError('recipients', NOTIFICATION_MESSAGES.tooManyRecipients(reached));
        }
        const ids = await insertBatch(tx, { batchId, recipients, content, createdBy: auth.user.id });
        await recordAudit(
          tx,
          { auth, client: clientInfo(request) },
          {
            action: 'notification.send',
            entityType: 'notification',
            entityId: batchId,
            subjectUserId: null,
            before: null,
            after: { ...content, recipients: body.recipients, notified: ids.length, email: channels.email },
          },
        );
        return ids.length;
      });
      // After the commit: the notifications stand whatever the mail server does.
      const mails = channels.email
        ? await notificationMails(
            ctx.db,
            inArray(
              users.id,
              ctx.db
                .select({ id: notifications.userId })
                .from(notifications)
                .where(eq(notifications.batchId, batchId)),
            ),
            content,
          )
        : [];
      sendInBackground(ctx.mailer, ctx.log, mails);
      const data: NotificationSendResult = { batchId, recipients: notified, emailed: mails.length };
      return ok(NOTIFICATION_MESSAGES.sent(notified), data);
    }),
    implement(NOTIFICATION_ENDPOINTS.update, async ({ body, auth, request }) => {
      const id = idParam(request, NOTIFICATION_MESSAGES.notFound);
      const [row] = await ctx.db
        .update(notifications)
        .set({
          ...(body.isRead === undefined
            ? {}
            : {
                isRead: body.isRead,
                readAt: body.isRead ? sql`coalesce(${notifications.readAt}, now())` : null,
              }),
          ...(body.isVisited === undefined ? {} : { isVisited: body.isVisited }),
        })
        // Someone else's notification is answered exactly like a missing one.
        .where(and(eq(notifications.id, id), eq(notifications.userId, auth.user.id)))
        .returning();
      if (!row) throw new HttpError('E_NOT_FOUND', NOTIFICATION_MESSAGES.notFound);
      const [sender] = row.createdBy
        ? await ctx.db.select({ name: users.name }).from(users).where(eq(users.id, row.createdBy))
        : [];
      return ok(NOTIFICATION_MESSAGES.updated, toNotificationRecord(row, sender?.name ?? null));
    }),
  ];
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

import { randomUUID } from 'node:crypto';
import {
  NOTIFICATION_ENDPOINTS,
  NOTIFICATION_LIMITS,
  NOTIFICATION_MESSAGES,
  type NotificationReadAllResult,
  type NotificationSendResult,
  notificationModulesOf,
  PANEL_BASE,
} from '@facet/contract';
import { and, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context.ts';
import { mountRoutes } from '../http/access-plugin.ts';
import { clientInfo } from '../http/client-info.ts';
import { fieldError, HttpError, ok } from '../http/envelope.ts';
import { idParam } from '../http/params.ts';
import { implement } from '../http/route.ts';
import { recordAudit } from '../resources/audit-log.ts';
import { actionSettingOf, wantsChannel } from './action-setting.ts';
import { notificationChannelRoutes } from './notification-channel-routes.ts';
import { drainNotificationMails, notificationMails } from './notification-mail.ts';
import { drainPushes, pushTargets } from './notification-push.ts';
import { notificationPage, recipientOptions, senderNameOf, unreadOf } from './notification-queries.ts';
import { insertBatch, toNotificationRecord } from './notification-store.ts';
import { markAllRead, markNotification } from './notification-writes.ts';
import { deliverNotifications } from './notify.ts';
import { assertRecipientsExist, countRecipients, recipientsCondition } from './recipients.ts';
import { sentNotifications } from './sent-notifications.ts';

/**
 * `apis/notification/*`: every signed-in user reads and marks their own notifications; holders of
 * Notification Settings (insert) send them. E-mails still going out are awaited before shutdown.
 */
export function registerNotifications(app: FastifyInstance, ctx: AppContext): void {
  mountRoutes(app, [...notificationRoutes(ctx), ...notificationChannelRoutes(ctx)]);
  app.addHook('preClose', async () => {
    await Promise.all([drainNotificationMails(ctx.mailer), drainPushes()]);
  });
}

export function notificationRoutes(ctx: AppContext) {
  const modules = new Set(notificationModulesOf(ctx.contract.permissionModules));
  /** A module a notification points at must be one of the modules this server was built with. */
  const assertModule = (field: string, module: string | null | undefined) => {
    if (module && !modules.has(module)) throw fieldError(field, NOTIFICATION_MESSAGES.moduleInvalid);
  };
  return [
    implement(NOTIFICATION_ENDPOINTS.paginate, async ({ body, auth }) => {
      assertModule('filter.module', body.filter?.module);
      return ok(NOTIFICATION_MESSAGES.list, await notificationPage(ctx.db, auth.user.id, body));
    }),
    implement(NOTIFICATION_ENDPOINTS.readAll, async ({ auth }) => {
      // A user's own read marks are not an administrative change: they stay out of the audit trail.
      const data: NotificationReadAllResult = {
        updated: await markAllRead(ctx.db, auth.user.id),
        unread: await unreadOf(ctx.db, auth.user.id),
      };
      return ok(NOTIFICATION_MESSAGES.allRead, data);
    }),
    implement(NOTIFICATION_ENDPOINTS.recipients, async ({ body }) =>
      ok(NOTIFICATION_MESSAGES.recipientOptions, await recipientOptions(ctx.db, body)),
    ),
    implement(NOTIFICATION_ENDPOINTS.send, async ({ body, auth, request }) => {
      assertModule('module', body.module);
      const recipients = recipientsCondition(body.recipients);
      await assertRecipientsExist(ctx.db, body.recipients);
      const content = {
        title: body.title,
        message: body.message,
        module: body.module ?? null,
        action: body.action ?? null,
      };
      const { channels } = await actionSettingOf(ctx.db, content.action);
      // E-mail and push reach the recipients who have not turned them off for this action.
      const reach = (channel: 'email' | 'push') =>
        and(recipients, wantsChannel(content.action, channel)) as SQL;
      const batchId = randomUUID();
      const notifiedUserIds = await ctx.db.transaction(async (tx) => {
        const reached = await countRecipients(tx, recipients);
        if (reached === 0) throw fieldError('recipients', NOTIFICATION_MESSAGES.noRecipients);
        if (reached > NOTIFICATION_LIMITS.recipients) {
          throw fieldError('recipients', NOTIFICATION_MESSAGES.tooManyRecipients(reached));
        }
        // A send from the panel is always shown in the panel; its action's channels add e-mail and push.
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
        return ids;
      });
      const notified = notifiedUserIds.length;
      // After the commit: the notifications stand whatever the mail server and push services do.
      const mails = channels.email ? await notificationMails(ctx.db, reach('email'), content) : [];
      const targets = channels.push ? await pushTargets(ctx.db, reach('push')) : [];
      deliverNotifications(ctx, {
        batchId,
        notified,
        notifiedUserIds,
        mails,
        push: { targets, payload: { ...content, url: PANEL_BASE } },
      });
      const data: NotificationSendResult = { batchId, recipients: notified, emailed: mails.length };
      return ok(NOTIFICATION_MESSAGES.sent(notified), data);
    }),
    implement(NOTIFICATION_ENDPOINTS.sent, async ({ body }) =>
      ok(NOTIFICATION_MESSAGES.sentList, await sentNotifications(ctx.db, body)),
    ),
    implement(NOTIFICATION_ENDPOINTS.update, async ({ body, auth, request }) => {
      const id = idParam(request, NOTIFICATION_MESSAGES.notFound);
      const row = await markNotification(ctx.db, id, auth.user.id, body);
      if (!row) throw new HttpError('E_NOT_FOUND', NOTIFICATION_MESSAGES.notFound);
      return ok(
        NOTIFICATION_MESSAGES.updated,
        toNotificationRecord(row, await senderNameOf(ctx.db, row.createdBy)),
      );
    }),
  ];
}

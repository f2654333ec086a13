import { randomUUID } from 'node:crypto';
import { NOTIFICATION_LIMITS, type NotificationAction, PANEL_BASE, type PushPayload } from '@facet/contract';
import { and, inArray, type SQL } from 'drizzle-orm';
import { users } from '../access/user-table.ts';
import type { AppContext } from '../app-context.ts';
import type { Db } from '../db/client.ts';
import type { MailMessage } from '../mail/mailer.ts';
import { actionSettingOf, wantsChannel } from './action-setting.ts';
import { notificationMails, sendInBackground } from './notification-mail.ts';
import { type PushTarget, pushInBackground, pushTargets, vapidKeysOf } from './notification-push.ts';
import { insertBatch } from './notification-store.ts';
import { fillTemplate, type NotifyValues } from './notification-template.ts';
import { reachableUsers } from './recipients.ts';

export type { NotifyValues } from './notification-template.ts';

export interface NotifyInput {
  action: NotificationAction;
  /** The users concerned; deleted, inactive and expired ones are skipped. */
  userIds: readonly string[];
  /** Used when the action's setting has no template (its title otherwise, when it has one). */
  title: string;
  /** Used when the action's setting has no template. */
  message: string;
  /** What fills the setting template's placeholders: {name}, {stone}, {company}, {date}, {status}. */
  values?: NotifyValues;
  /**
   * False when the event is the action's other side (a counter offer under `offer`, a hold that ended
   * under `hold`): the setting's template speaks of the action itself, so the caller's text is sent.
   */
  useTemplate?: boolean;
  module?: string | null;
  /** Where a click on the push leads, a path of the panel; the panel's home by default. */
  url?: string;
  /** The user whose change caused it; null when the system did. */
  createdBy?: string | null;
}

export interface NotificationDelivery {
  batchId: string;
  /** In-app notifications written. */
  notified: number;
  /** The users who received one: their bells are told at once (a live 'notification' event). */
  notifiedUserIds: string[];
  /** E-mails to send once the transaction has committed (the action's e-mail channel is on). */
  mails: MailMessage[];
  /** Browsers to push to once the transaction has committed, and what. */
  push: { targets: PushTarget[]; payload: PushPayload };
}

/** What a notification says: the setting's template filled in when it has one, else the caller's text. */
export function notificationText(
  setting: { title: string | null; template: string | null },
  input: Pick<NotifyInput, 'title' | 'message' | 'values' | 'useTemplate'>,
): { title: string; message: string } {
  if (!setting.template || input.useTemplate === false) return { title: input.title, message: input.message };
  const title = setting.title
    ? fillTemplate(setting.title, input.values, NOTIFICATION_LIMITS.title)
    : input.title;
  return { title, message: fillTemplate(setting.template, input.values) };
}

/**
 * Notifies users of an event of another area (an order placed, a KYC document reviewed), inside that
 * area's transaction, through the channels the action's notification setting turns on and each user
 * has not turned off. E-mails and pushes are only prepared: hand the delivery to `deliverNotifications`
 * after the commit, so a rolled-back change sends nothing and a failed send undoes nothing.
 */
export async function notify(tx: Db, input: NotifyInput): Promise<NotificationDelivery> {
  const batchId = randomUUID();
  const ids = [...new Set(input.userIds)];
  const url = input.url ?? PANEL_BASE;
  const empty: NotificationDelivery = {
    batchId,
    notified: 0,
    notifiedUserIds: [],
    mails: [],
    push: { targets: [], payload: { title: '', message: '', module: null, action: null, url } },
  };
  if (ids.length === 0) return empty;
  // Each id is a bind parameter; larger audiences go through sendNotification's conditions.
  if (ids.length > NOTIFICATION_LIMITS.recipients) {
    throw new Error(`notify() takes at most ${NOTIFICATION_LIMITS.recipients} users`);
  }
  const setting = await actionSettingOf(tx, input.action);
  const { channels } = setting;
  const concerned = and(reachableUsers(), inArray(users.id, ids)) as SQL;
  const reach = (channel: 'inApp' | 'email' | 'push') =>
    and(concerned, wantsChannel(input.action, channel)) as SQL;
  const content = {
    ...notificationText(setting, input),
    module: input.module ?? null,
    action: input.action,
  };
  const notifiedUserIds = channels.inApp
    ? await insertBatch(tx, {
        batchId,
        recipients: reach('inApp'),
        content,
        createdBy: input.createdBy ?? null,
      })
    : [];
  const mails = channels.email ? await notificationMails(tx, reach('email'), content) : [];
  const targets = channels.push ? await pushTargets(tx, reach('push')) : [];
  return {
    batchId,
    notified: notifiedUserIds.length,
    notifiedUserIds,
    mails,
    push: { targets, payload: { ...content, url } },
  };
}

type DeliveryContext = Pick<AppContext, 'db' | 'mailer' | 'log' | 'config' | 'live'>;

/**
 * After the commit of the transaction that called notify(): sends the e-mails and the pushes in the
 * background, and tells the recipients' open panels (a live 'notification' event). Failures are logged,
 * never thrown.
 */
export function deliverNotifications(ctx: DeliveryContext, delivery: NotificationDelivery): void {
  sendInBackground(ctx.mailer, ctx.log, delivery.mails);
  if (delivery.push.targets.length > 0) {
    try {
      const vapid = vapidKeysOf(ctx.config, ctx.log);
      pushInBackground(
        { db: ctx.db, log: ctx.log, vapid, allowPrivate: ctx.config.pushPrivateEndpoints },
        delivery.push.targets,
        delivery.push.payload,
      );
    } catch (error) {
      ctx.log.warn({ err: error }, 'push notifications could not be sent');
    }
  }
  if (delivery.notifiedUserIds.length > 0) {
    ctx.live
      .publish({ kind: 'notification', userIds: delivery.notifiedUserIds })
      .catch((error: unknown) => ctx.log.warn({ err: error }, 'publishing a live notification failed'));
  }
}

/** @public Only the e-mails of a delivery; deliverNotifications sends everything. */
export function deliverMails(ctx: Pick<AppContext, 'mailer' | 'log'>, delivery: NotificationDelivery): void {
  sendInBackground(ctx.mailer, ctx.log, delivery.mails);
}

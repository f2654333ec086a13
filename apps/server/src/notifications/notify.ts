import { randomUUID } from 'node:crypto';
import { NOTIFICATION_LIMITS, type NotificationAction } from '@facet/contract';
import { and, inArray, type SQL } from 'drizzle-orm';
import { users } from '../access/user-table.ts';
import type { AppContext } from '../app-context.ts';
import type { Db } from '../db/client.ts';
import type { MailMessage } from '../mail/mailer.ts';
import { notificationMails, sendInBackground } from './notification-mail.ts';
import { channelsOf, insertBatch } from './notification-store.ts';
import { reachableUsers } from './recipients.ts';

export interface NotifyInput {
  action: NotificationAction;
  /** The users concerned; deleted, inactive and expired ones are skipped. */
  userIds: readonly string[];
  title: string;
  message: string;
  module?: string | null;
  /** The user whose change caused it; null when the system did. */
  createdBy?: string | null;
}

export interface NotificationDelivery {
  batchId: string;
  /** In-app notifications written. */
  notified: number;
  /** E-mails to send once the transaction has committed (the action's e-mail channel is on). */
  mails: MailMessage[];
}

/**
 * Notifies users of an event of another area (an order placed, a KYC document reviewed), inside that
 * area's transaction, through the channels the action's notification setting turns on. E-mails are
 * only prepared: hand the delivery to `deliverMails` after the commit, so a rolled-back change sends
 * nothing and a mail failure undoes nothing.
 */
export async function notify(tx: Db, input: NotifyInput): Promise<NotificationDelivery> {
  const batchId = randomUUID();
  const ids = [...new Set(input.userIds)];
  if (ids.length === 0) return { batchId, notified: 0, mails: [] };
  // Each id is a bind parameter; larger audiences go through sendNotification's conditions.
  if (ids.length > NOTIFICATION_LIMITS.recipients) {
    throw new Error(`notify() takes at most ${NOTIFICATION_LIMITS.recipients} users`);
  }
  const channels = await channelsOf(tx, input.action);
  const recipients = and(reachableUsers(), inArray(users.id, ids)) as SQL;
  const content = {
    title: input.title,
    message: input.message,
    module: input.module ?? null,
    action: input.action,
  };
  const notified = channels.inApp
    ? await insertBatch(tx, { batchId, recipients, content, createdBy: input.createdBy ?? null })
    : [];
  const mails = channels.email ? await notificationMails(tx, recipients, content) : [];
  return { batchId, notified: notified.length, mails };
}

/** @public After the commit of the transaction that called notify(): for the areas that notify. */
export function deliverMails(ctx: Pick<AppContext, 'mailer' | 'log'>, delivery: NotificationDelivery): void {
  sendInBackground(ctx.mailer, ctx.log, delivery.mails);
}

import { APPOINTMENT_ENDPOINTS } from '@facet/contract';
import type { AppContext } from '../app-context.ts';
import type { MailMessage } from '../mail/mailer.ts';
import { sendInBackground } from '../notifications/notification-mail.ts';
import { deliverNotifications, type NotificationDelivery } from '../notifications/notify.ts';

/**
 * Once a booking's write has committed: its notices and mails go out, and the open lists and calendars
 * refresh. Nothing here can undo the write.
 */
export function appointmentsChanged(
  ctx: Pick<AppContext, 'db' | 'mailer' | 'log' | 'config' | 'live'>,
  {
    deliveries = [],
    mails = [],
  }: { deliveries?: readonly NotificationDelivery[]; mails?: readonly MailMessage[] },
): void {
  // An invitation is the customer's mail of the change: its notice goes to the bell and the browser only,
  // or a customer who has mail on for the action would read the news twice.
  const invited = new Set(mails.filter((mail) => mail.icalEvent).map((mail) => mail.to));
  for (const delivery of deliveries) {
    deliverNotifications(ctx, { ...delivery, mails: delivery.mails.filter((mail) => !invited.has(mail.to)) });
  }
  sendInBackground(ctx.mailer, ctx.log, mails);
  const events = [
    { module: 'Cabin', paths: [APPOINTMENT_ENDPOINTS.paginate.path] },
    { module: 'Schedule', paths: [APPOINTMENT_ENDPOINTS.schedule.path] },
  ];
  for (const event of events) {
    ctx.live
      .publish({ kind: 'changed', ...event })
      .catch((error: unknown) => ctx.log.warn({ err: error }, 'publishing a live change failed'));
  }
}

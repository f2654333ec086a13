import { APPOINTMENT_STATUSES, primaryContact } from '@facet/contract';
import { and, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import { users } from '../access/user-table.ts';
import type { AppContext } from '../app-context.ts';
import type { MailMessage } from '../mail/mailer.ts';
import { sendInBackground } from '../notifications/notification-mail.ts';
import { deliverNotifications, type NotificationDelivery, notify } from '../notifications/notify.ts';
import { appointmentMail, noticeOf } from './appointment-mail.ts';
import { appointmentById } from './appointment-queries.ts';
import { appointments } from './appointment-tables.ts';

const HOUR = 60 * 60 * 1000;

/**
 * The day-before reminder of approved bookings starting within a day: each is marked sent by one
 * `update … returning` in the same transaction as its notice, so two instances never both send it.
 */
export async function sendAppointmentReminders(ctx: AppContext): Promise<number> {
  const now = new Date();
  const { deliveries, mails } = await ctx.db.transaction(async (tx) => {
    const due = await tx
      .select({ id: appointments.id })
      .from(appointments)
      .where(
        and(
          eq(appointments.status, APPOINTMENT_STATUSES.approved),
          isNull(appointments.reminderSentAt),
          gt(appointments.startsAt, now),
          lte(appointments.startsAt, new Date(now.getTime() + 24 * HOUR)),
        ),
      )
      .limit(200)
      .for('update', { skipLocked: true });
    if (due.length === 0) return { deliveries: [], mails: [] };
    const marked = await tx
      .update(appointments)
      .set({ reminderSentAt: now })
      .where(
        and(
          inArray(
            appointments.id,
            due.map((row) => row.id),
          ),
          isNull(appointments.reminderSentAt),
        ),
      )
      .returning({ id: appointments.id, userId: appointments.userId });
    const deliveries: NotificationDelivery[] = [];
    const mails: MailMessage[] = [];
    for (const { id, userId } of marked) {
      const record = await appointmentById(tx, id);
      if (!record) continue;
      deliveries.push(
        await notify(tx, {
          action: 'appointment-status',
          userIds: [userId],
          ...noticeOf('reminder', record),
          useTemplate: false,
          module: 'appointment',
        }),
      );
      const [user] = await tx
        .select({ name: users.name, emails: users.emails })
        .from(users)
        .where(and(eq(users.id, userId), sql`${users.isActive}`));
      const to = user ? primaryContact(user.emails) : null;
      if (user && to) mails.push(appointmentMail(to, user.name, 'reminder', record, 0, ''));
    }
    return { deliveries, mails };
  });
  for (const delivery of deliveries) deliverNotifications(ctx, delivery);
  sendInBackground(ctx.mailer, ctx.log, mails);
  return mails.length;
}

import {
  APPOINTMENT_LIMITS,
  APPOINTMENT_STATUSES,
  type AppointmentRecord,
  type appointmentMoveSchema,
  type appointmentStatusUpdateSchema,
  type customerAppointmentCancelSchema,
  type customerAppointmentCreateSchema,
  isUuid,
  APPOINTMENT_MESSAGES as M,
  PANEL_BASE,
  primaryContact,
} from '@facet/contract';
import { and, eq, gt, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { users } from '../access/user-table.ts';
import type { Db } from '../db/client.ts';
import { pgErrorCode } from '../db/client.ts';
import { HttpError } from '../http/envelope.ts';
import type { MailMessage } from '../mail/mailer.ts';
import { type NotificationDelivery, notify } from '../notifications/notify.ts';
import { staffFollowing } from '../notifications/staff-following.ts';
import { type Actor, recordAudit } from '../resources/audit-log.ts';
import { refuseOverQuota } from '../stock-summary/customer-quota.ts';
import type { Customer } from '../stock-summary/customer-track-writes.ts';
import { liveStones } from '../stock-summary/stone-checks.ts';
import { appointmentMail, type InvitationKind, noticeOf } from './appointment-mail.ts';
import { appointmentById } from './appointment-queries.ts';
import { bookablePeriod, periodAt } from './appointment-slots.ts';
import { appointmentStones, appointments } from './appointment-tables.ts';

const EXCLUSION_VIOLATION = '23P01';

export interface AppointmentWrite {
  record: AppointmentRecord;
  deliveries: NotificationDelivery[];
  mails: MailMessage[];
}

type Row = typeof appointments.$inferSelect;

function trailOf(row: Row): Record<string, unknown> {
  return {
    appointmentNumber: row.appointmentNumber,
    userId: row.userId,
    accountId: row.accountId,
    cabinId: row.cabinId,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    purpose: row.purpose,
    meetingType: row.meetingType,
    status: row.status,
    cancelReason: row.cancelReason,
  };
}

/**
 * Runs a booking's transaction; the database's exclusion constraint (two approved bookings of one cabin
 * at overlapping times) answers as a conflict, never as a failure, whichever request lost the race.
 */
async function booking<T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  try {
    return await db.transaction(work);
  } catch (error) {
    if (pgErrorCode(error) === EXCLUSION_VIOLATION) throw new HttpError('E_CONFLICT', M.booked);
    throw error;
  }
}

/** The address the invitations come from: the mail sender's own. */
export function organizerOf(mailFrom: string): string {
  return /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom;
}

async function customerMail(
  tx: Db,
  userId: string,
  kind: InvitationKind,
  record: AppointmentRecord,
  sequence: number,
  organizer: string,
): Promise<MailMessage[]> {
  const [user] = await tx
    .select({ name: users.name, emails: users.emails })
    .from(users)
    .where(eq(users.id, userId));
  const to = user ? primaryContact(user.emails) : null;
  return to && user ? [appointmentMail(to, user.name, kind, record, sequence, organizer)] : [];
}

async function tellCustomer(
  tx: Db,
  actor: Actor | null,
  kind: InvitationKind,
  record: AppointmentRecord,
): Promise<NotificationDelivery> {
  const notice = noticeOf(kind, record);
  return notify(tx, {
    action: 'appointment-status',
    userIds: [record.userId],
    ...notice,
    values: {
      name: record.appointmentNumber,
      company: record.accountName ?? undefined,
      date: record.startsAt.slice(0, 10),
    },
    useTemplate: kind === 'approved' || kind === 'cancelled',
    module: 'appointment',
    createdBy: actor?.auth.user.id ?? null,
  });
}

/** An approved booking may not overlap another approved one: asked first, for a clear answer. */
async function refuseBooked(tx: Db, cabinId: string, startsAt: Date, endsAt: Date, ownId?: string) {
  const [taken] = await tx
    .select({ id: appointments.id })
    .from(appointments)
    .where(
      and(
        eq(appointments.cabinId, cabinId),
        eq(appointments.status, APPOINTMENT_STATUSES.approved),
        ownId ? ne(appointments.id, ownId) : undefined,
        sql`tstzrange(${appointments.startsAt}, ${appointments.endsAt}, '[)') && tstzrange(${startsAt.toISOString()}::timestamptz, ${endsAt.toISOString()}::timestamptz, '[)')`,
      ),
    )
    .limit(1);
  if (taken) throw new HttpError('E_CONFLICT', M.booked);
}

async function nextNumber(tx: Db): Promise<string> {
  const result = await tx.execute(sql`select nextval('appointment_number_seq')::text as next`);
  const next = (result as unknown as { rows: { next: string }[] }).rows[0]?.next ?? '0';
  return `APT-${next.padStart(6, '0')}`;
}

/** A customer asks for a slot: a pending booking, staff who follow the schedule told. */
export async function requestAppointment(
  db: Db,
  actor: Actor,
  customer: Customer,
  body: z.output<typeof customerAppointmentCreateSchema>,
): Promise<{ id: string; deliveries: NotificationDelivery[] }> {
  return booking(db, async (tx) => {
    await refuseOverQuota(tx, customer.userId, {
      table: appointments,
      where: and(
        eq(appointments.userId, customer.userId),
        eq(appointments.status, APPOINTMENT_STATUSES.pending),
        gt(appointments.startsAt, new Date()),
      ),
      limit: APPOINTMENT_LIMITS.pendingPerCustomer,
      message: M.tooManyPending,
    });
    const period = await bookablePeriod(tx, body.cabinId, new Date(body.startsAt));
    await refuseBooked(tx, body.cabinId, period.startsAt, period.endsAt);
    const stoneIds = [...new Set(body.stoneIds ?? [])];
    if (stoneIds.length > 0) {
      await liveStones(tx, stoneIds, 'stoneIds');
    }
    const [row] = await tx
      .insert(appointments)
      .values({
        appointmentNumber: await nextNumber(tx),
        userId: customer.userId,
        accountId: customer.accountId,
        cabinId: body.cabinId,
        slotId: period.slotId,
        startsAt: period.startsAt,
        endsAt: period.endsAt,
        purpose: body.purpose,
        meetingType: body.meetingType,
        notes: body.notes || null,
        status: APPOINTMENT_STATUSES.pending,
      })
      .returning();
    if (!row) throw new Error('The appointment was not written');
    if (stoneIds.length > 0)
      await tx
        .insert(appointmentStones)
        .values(stoneIds.map((stoneId) => ({ appointmentId: row.id, stoneId })));
    await recordAudit(tx, actor, {
      action: 'appointment.create',
      entityType: 'appointment',
      entityId: row.id,
      subjectUserId: row.userId,
      before: null,
      after: trailOf(row),
    });
    const record = await appointmentById(tx, row.id);
    if (!record) throw new Error('The appointment was not written');
    const staff = await staffFollowing(tx, customer.accountId, 'Schedule');
    const delivery = await notify(tx, {
      action: 'appointment',
      userIds: staff,
      title: `Appointment requested: ${record.appointmentNumber}`,
      message: `${record.userName}${record.accountName ? ` of ${record.accountName}` : ''} asks for ${record.cabinName} at ${record.locationName}.`,
      values: {
        name: record.userName,
        company: record.accountName ?? undefined,
        date: record.startsAt.slice(0, 10),
      },
      module: 'Schedule',
      url: `${PANEL_BASE}/appointment-list`,
      createdBy: customer.userId,
    });
    return { id: row.id, deliveries: [delivery] };
  });
}

/** The booking, locked for the write; an id that is no id at all names no booking either. */
async function lockedRow(tx: Db, id: string, userId?: string): Promise<Row> {
  if (!isUuid(id)) throw new HttpError('E_NOT_FOUND', M.notFound);
  const [row] = await tx
    .select()
    .from(appointments)
    .where(and(eq(appointments.id, id), userId ? eq(appointments.userId, userId) : undefined))
    .for('update');
  if (!row) throw new HttpError('E_NOT_FOUND', M.notFound);
  return row;
}

/**
 * Writes a decision on a locked booking, records it with the row before and after, and reads the booking
 * back as lists show it.
 */
async function changeBooking(
  tx: Db,
  actor: Actor,
  row: Row,
  verb: 'approve' | 'cancel' | 'move',
  changes: Partial<typeof appointments.$inferInsert>,
): Promise<{ after: Row; record: AppointmentRecord }> {
  const [after] = await tx
    .update(appointments)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(appointments.id, row.id))
    .returning();
  if (!after) throw new HttpError('E_NOT_FOUND', M.notFound);
  await recordAudit(tx, actor, {
    action: `appointment.${verb}`,
    entityType: 'appointment',
    entityId: row.id,
    subjectUserId: row.userId,
    before: trailOf(row),
    after: trailOf(after),
  });
  const record = await appointmentById(tx, row.id);
  if (!record) throw new HttpError('E_NOT_FOUND', M.notFound);
  return { after, record };
}

/** Cancels an open booking (staff or its customer); an approved one's invitation is withdrawn. */
async function cancelRow(
  tx: Db,
  actor: Actor,
  row: Row,
  reason: string | undefined,
  organizer: string,
  byCustomer: boolean,
): Promise<AppointmentWrite> {
  if (row.status === APPOINTMENT_STATUSES.cancelled) throw new HttpError('E_CONFLICT', M.cancelOnlyOpen);
  const wasApproved = row.status === APPOINTMENT_STATUSES.approved;
  // An approved booking that has begun took place: final. A pending one of the past was never confirmed,
  // and staff may still clear it.
  if (wasApproved && hasBegun(row)) throw new HttpError('E_CONFLICT', M.alreadyTookPlace);
  const { after, record } = await changeBooking(tx, actor, row, 'cancel', {
    status: APPOINTMENT_STATUSES.cancelled,
    decidedBy: actor.auth.user.id,
    decidedAt: new Date(),
    cancelReason: reason || null,
    icsSequence: wasApproved ? row.icsSequence + 1 : row.icsSequence,
  });
  const deliveries: NotificationDelivery[] = [];
  if (byCustomer) {
    const staff = await staffFollowing(tx, row.accountId, 'Schedule');
    deliveries.push(
      await notify(tx, {
        action: 'appointment',
        userIds: staff,
        title: `Appointment cancelled: ${record.appointmentNumber}`,
        message: `${record.userName} cancelled ${record.appointmentNumber}.`,
        useTemplate: false,
        module: 'Schedule',
        url: `${PANEL_BASE}/appointment-list`,
        createdBy: row.userId,
      }),
    );
  } else {
    deliveries.push(await tellCustomer(tx, actor, 'cancelled', record));
  }
  // Only an approved booking sat in the customer's calendar: a pending one is cancelled by notice alone.
  const mails = wasApproved
    ? await customerMail(tx, row.userId, 'cancelled', record, after.icsSequence, organizer)
    : [];
  return { record, deliveries, mails };
}

const hasBegun = (row: Row) => row.startsAt.getTime() <= Date.now();

/**
 * A request is approved only while it is still bookable as it stands: its cabin open, and one of the
 * cabin's slots still holding its period (a slot removed or cut since would leave it off the schedule).
 */
async function refuseClosed(tx: Db, row: Row): Promise<void> {
  const { period } = await periodAt(tx, row.cabinId, row.startsAt);
  if (!period || period.endsAt.getTime() !== row.endsAt.getTime())
    throw new HttpError('E_CONFLICT', M.noLongerBookable);
}

/** `update-status`: approve a pending booking, or cancel an open one. */
export async function decideAppointment(
  db: Db,
  actor: Actor,
  id: string,
  body: z.output<typeof appointmentStatusUpdateSchema>,
  organizer: string,
): Promise<AppointmentWrite> {
  return booking(db, async (tx) => {
    const row = await lockedRow(tx, id);
    if (body.status === APPOINTMENT_STATUSES.cancelled)
      return cancelRow(tx, actor, row, body.reason, organizer, false);
    if (row.status !== APPOINTMENT_STATUSES.pending) throw new HttpError('E_CONFLICT', M.approveOnlyPending);
    if (hasBegun(row)) throw new HttpError('E_CONFLICT', M.past);
    await refuseClosed(tx, row);
    await refuseBooked(tx, row.cabinId, row.startsAt, row.endsAt, row.id);
    const { after, record } = await changeBooking(tx, actor, row, 'approve', {
      status: APPOINTMENT_STATUSES.approved,
      decidedBy: actor.auth.user.id,
      decidedAt: new Date(),
      icsSequence: row.icsSequence + 1,
    });
    return {
      record,
      deliveries: [await tellCustomer(tx, actor, 'approved', record)],
      mails: await customerMail(tx, row.userId, 'approved', record, after.icsSequence, organizer),
    };
  });
}

/** Moves an open booking to another start (and cabin): the slots, the past and the exclusion again. */
export async function moveAppointment(
  db: Db,
  actor: Actor,
  id: string,
  body: z.output<typeof appointmentMoveSchema>,
  organizer: string,
): Promise<AppointmentWrite> {
  return booking(db, async (tx) => {
    const row = await lockedRow(tx, id);
    if (row.status === APPOINTMENT_STATUSES.cancelled) throw new HttpError('E_CONFLICT', M.moveOnlyOpen);
    if (hasBegun(row)) throw new HttpError('E_CONFLICT', M.alreadyTookPlace);
    const cabinId = body.cabinId ?? row.cabinId;
    const period = await bookablePeriod(tx, cabinId, new Date(body.startsAt));
    const approved = row.status === APPOINTMENT_STATUSES.approved;
    if (approved) await refuseBooked(tx, cabinId, period.startsAt, period.endsAt, row.id);
    const { after, record } = await changeBooking(tx, actor, row, 'move', {
      cabinId,
      slotId: period.slotId,
      startsAt: period.startsAt,
      endsAt: period.endsAt,
      icsSequence: approved ? row.icsSequence + 1 : row.icsSequence,
      reminderSentAt: null,
    });
    return {
      record,
      deliveries: [await tellCustomer(tx, actor, 'moved', record)],
      mails: approved
        ? await customerMail(tx, row.userId, 'moved', record, after.icsSequence, organizer)
        : [],
    };
  });
}

/** A customer cancels one of their own open bookings; staff who follow the schedule are told. */
export async function cancelOwnAppointment(
  db: Db,
  actor: Actor,
  customer: Customer,
  body: z.output<typeof customerAppointmentCancelSchema>,
  organizer: string,
): Promise<AppointmentWrite> {
  return booking(db, async (tx) => {
    const row = await lockedRow(tx, body.id, customer.userId);
    return cancelRow(tx, actor, row, body.reason, organizer, true);
  });
}

import { type AppointmentRecord, MEETING_TYPE_OPTIONS } from '@facet/contract';
import { createEvent } from 'ics';
import type { MailMessage } from '../mail/mailer.ts';

export type InvitationKind = 'approved' | 'moved' | 'cancelled' | 'reminder';

/** The date and time as the location's clock reads them, naming the zone: "Tuesday 1 December 2026, 10:00–10:30 (Asia/Kolkata)". */
export function whenAtLocation(record: Pick<AppointmentRecord, 'startsAt' | 'endsAt' | 'timeZone'>): string {
  const day = new Intl.DateTimeFormat('en-GB', {
    timeZone: record.timeZone,
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(new Date(record.startsAt));
  const time = new Intl.DateTimeFormat('en-GB', {
    timeZone: record.timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  return `${day}, ${time.format(new Date(record.startsAt))}–${time.format(new Date(record.endsAt))} (${record.timeZone})`;
}

const meetingLabel = (type: number) =>
  MEETING_TYPE_OPTIONS.find((option) => option.value === type)?.label ?? 'Meeting';

/**
 * The .ics of a booking: one UID for the appointment's life, its SEQUENCE moving with every change, so
 * calendars update or remove the event they already hold.
 */
export function invitationOf(
  record: AppointmentRecord,
  sequence: number,
  method: 'REQUEST' | 'CANCEL',
  organizer: string,
  attendee: { name: string; email: string },
): string {
  const { error, value } = createEvent({
    uid: `${record.id}@facet`,
    sequence,
    method,
    status: method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED',
    start: Date.parse(record.startsAt),
    startInputType: 'utc',
    startOutputType: 'utc',
    end: Date.parse(record.endsAt),
    endInputType: 'utc',
    endOutputType: 'utc',
    title: `${record.appointmentNumber}: ${meetingLabel(record.meetingType)} at ${record.locationName}`,
    description: record.purpose,
    location: `${record.locationName}, ${record.cabinName}`,
    organizer: { name: 'Facet', email: organizer },
    attendees: [{ ...attendee, rsvp: false, role: 'REQ-PARTICIPANT' }],
    productId: 'facet/appointments',
  });
  if (error || !value) throw error ?? new Error('The invitation could not be written');
  return value;
}

const SUBJECTS: Record<InvitationKind, (number: string) => string> = {
  approved: (number) => `Your appointment ${number} is confirmed`,
  moved: (number) => `Your appointment ${number} was moved`,
  cancelled: (number) => `Your appointment ${number} is cancelled`,
  reminder: (number) => `Reminder: your appointment ${number} is tomorrow`,
};

function sentenceOf(kind: InvitationKind, record: AppointmentRecord): string {
  const when = whenAtLocation(record);
  const where = `${record.locationName}, ${record.cabinName}`;
  switch (kind) {
    case 'approved':
      return `Your appointment is confirmed for ${when} at ${where}.`;
    case 'moved':
      return `Your appointment now takes place on ${when} at ${where}.`;
    case 'cancelled':
      return `Your appointment of ${when} at ${where} is cancelled.${record.cancelReason ? ` Reason: ${record.cancelReason}` : ''}`;
    case 'reminder':
      return `This is a reminder of your appointment on ${when} at ${where}.`;
  }
}

/** The mail to the customer, with the invitation for an approval, a move or a cancellation. */
export function appointmentMail(
  to: string,
  name: string,
  kind: InvitationKind,
  record: AppointmentRecord,
  sequence: number,
  organizer: string,
): MailMessage {
  const message: MailMessage = {
    to,
    subject: SUBJECTS[kind](record.appointmentNumber),
    text: [`Hello ${name},`, '', sentenceOf(kind, record), `Purpose: ${record.purpose}`, '', '— Facet'].join(
      '\n',
    ),
  };
  if (kind === 'reminder') return message;
  const method = kind === 'cancelled' ? 'CANCEL' : 'REQUEST';
  return {
    ...message,
    icalEvent: {
      method,
      filename: 'invitation.ics',
      content: invitationOf(record, sequence, method, organizer, { name, email: to }),
    },
  };
}

/** The notice's sentence, as the bell shows it. */
export function noticeOf(
  kind: InvitationKind,
  record: AppointmentRecord,
): { title: string; message: string } {
  return { title: SUBJECTS[kind](record.appointmentNumber), message: sentenceOf(kind, record) };
}

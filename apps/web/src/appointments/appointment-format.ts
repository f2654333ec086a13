import {
  APPOINTMENT_STATUS_OPTIONS,
  APPOINTMENT_STATUSES,
  type AppointmentRecord,
  formatDateTime,
  MEETING_TYPE_OPTIONS,
} from '@facet/contract';
import { EMPTY } from '../platform/lists/format.ts';
import { wallClockOf, zoneLabel } from './zone-time.ts';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const pad = (value: number) => String(value).padStart(2, '0');

export const STATUS_COLORS: Record<number, string> = {
  [APPOINTMENT_STATUSES.pending]: 'gold',
  [APPOINTMENT_STATUSES.approved]: 'green',
  [APPOINTMENT_STATUSES.cancelled]: 'default',
};

export const STATUS_CLASSES: Record<number, string> = {
  [APPOINTMENT_STATUSES.pending]: 'booking-pending',
  [APPOINTMENT_STATUSES.approved]: 'booking-approved',
  [APPOINTMENT_STATUSES.cancelled]: 'booking-cancelled',
};

const labelOf = (options: readonly { value: number; label: string }[], value: number) =>
  options.find((option) => option.value === value)?.label ?? EMPTY;

export const statusLabel = (status: number) => labelOf(APPOINTMENT_STATUS_OPTIONS, status);
export const meetingTypeLabel = (type: number) => labelOf(MEETING_TYPE_OPTIONS, type);

/** `2 Mar 2026 10:00–10:30` on `timeZone`'s clock (the end's day when it differs). */
export function timeRange(startsAt: string, endsAt: string, timeZone: string): string {
  const start = wallClockOf(startsAt, timeZone);
  const end = wallClockOf(endsAt, timeZone);
  const day = `${start.day} ${MONTHS[start.month - 1]} ${start.year}`;
  const sameDay = start.day === end.day && start.month === end.month && start.year === end.year;
  const until = sameDay ? '' : `${end.day} ${MONTHS[end.month - 1]} ${end.year} `;
  return `${day} ${pad(start.hour)}:${pad(start.minute)}–${until}${pad(end.hour)}:${pad(end.minute)}`;
}

/** When a booking is, on its location's clock with the zone named. */
export function whenAt(appointment: Pick<AppointmentRecord, 'startsAt' | 'endsAt' | 'timeZone'>): string {
  return `${timeRange(appointment.startsAt, appointment.endsAt, appointment.timeZone)}, ${zoneLabel(appointment.timeZone, new Date(appointment.startsAt))}`;
}

/** The same booking on the viewer's clock, when the viewer is elsewhere; null when the clocks agree. */
export function whenForViewer(
  appointment: Pick<AppointmentRecord, 'startsAt' | 'endsAt' | 'timeZone'>,
  viewerZone: string,
): string | null {
  const there = timeRange(appointment.startsAt, appointment.endsAt, appointment.timeZone);
  const here = timeRange(appointment.startsAt, appointment.endsAt, viewerZone);
  return there === here
    ? null
    : `${here} your time, ${zoneLabel(viewerZone, new Date(appointment.startsAt))}`;
}

/**
 * A moment of a booking's story (requested, approved) on the same clock as its time, with the zone named:
 * `28 Nov 2026 06:10, Asia/Dubai (UTC+04:00)`; a dash when empty.
 */
export function momentAt(instant: string | null | undefined, timeZone: string): string {
  if (!instant) return EMPTY;
  return `${formatDateTime(instant, { timeZone })}, ${zoneLabel(timeZone, new Date(instant))}`;
}

import { z } from 'zod';
import { paginateRequestSchema } from '../envelope.ts';
import { calendarDay, calendarInstant } from '../format/calendar-dates.ts';
import {
  sortDirection as direction,
  exportRequestFields,
  literalsOf,
  sortOf,
} from '../resources/list-request.ts';
import {
  APPOINTMENT_LIMITS,
  APPOINTMENT_STATUS_OPTIONS,
  APPOINTMENT_MESSAGES as M,
  MEETING_TYPE_OPTIONS,
} from './appointment-types.ts';

/** A filter value given once or as a list of a hundred at most, refused with one plain message. */
const oneOrMany = <T extends z.ZodType>(item: T, error: string) =>
  z.union([item, z.array(item, { error }).min(1, { error }).max(100, { error })], { error });

const uuidOf = (error: string) => z.uuid({ error });
const uuids = (error: string) => oneOrMany(uuidOf(error), error);

export const appointmentStatusSchema = literalsOf(APPOINTMENT_STATUS_OPTIONS, M.statusFilter);
export const meetingTypeSchema = literalsOf(MEETING_TYPE_OPTIONS, M.meetingType);

/**
 * A day whose neighbours are days of the years 1 to 9999 as well: a day's calendar reads the day before
 * and after it, as a day of any zone lies within a day either side of the same UTC day.
 */
const calendarDayWithNeighbours = () =>
  z.iso
    .date({ error: M.invalidDate, abort: true })
    .refine((day) => day > '0001-01-01' && day < '9999-12-31', { error: M.invalidDate });

/** A day (`2026-05-01`, the whole day in UTC) or an instant; the panel sends instants of its local day. */
const dayOrInstant = () =>
  z.union([calendarDay(M.invalidDate), calendarInstant(M.invalidDate)], { error: M.invalidDate });
const instantRange = z.strictObject(
  { from: dayOrInstant().optional(), to: dayOrInstant().optional() },
  { error: M.invalidDate },
);

export const APPOINTMENT_SORT_KEYS = [
  'startsAt',
  'appointmentNumber',
  'createdAt',
  'status',
  'userName',
  'accountName',
  'cabinName',
] as const;

const appointmentFilters = z
  .strictObject(
    {
      status: oneOrMany(appointmentStatusSchema, M.statusFilter).optional(),
      cabinId: uuids(M.cabin).optional(),
      locationId: uuids(M.location).optional(),
      userId: uuids(M.customer).optional(),
      accountId: uuids(M.company).optional(),
      meetingType: oneOrMany(meetingTypeSchema, M.meetingType).optional(),
      /** When the appointment starts. */
      startsAt: instantRange.optional(),
    },
    { error: M.filter },
  )
  .optional();

/** `apis/appointment/paginate`: the bookings, newest start first unless sorted otherwise. */
export const appointmentPaginateSchema = paginateRequestSchema.extend({
  filter: appointmentFilters,
  sort: sortOf(APPOINTMENT_SORT_KEYS).optional(),
});
export type AppointmentPaginatePayload = z.input<typeof appointmentPaginateSchema>;

export const appointmentExportSchema = appointmentPaginateSchema
  .omit({ page: true, limit: true })
  .extend(exportRequestFields);

/** One booking as lists and calendars show it. */
export const appointmentRecordSchema = z.object({
  id: z.string(),
  appointmentNumber: z.string(),
  userId: z.string(),
  userName: z.string(),
  accountId: z.string().nullable(),
  accountName: z.string().nullable(),
  cabinId: z.string(),
  cabinName: z.string(),
  locationId: z.string(),
  locationName: z.string(),
  /** The location's zone: the times as the cabin's staff read them. */
  timeZone: z.string(),
  slotId: z.string().nullable(),
  startsAt: z.string(),
  endsAt: z.string(),
  purpose: z.string(),
  meetingType: z.number().int(),
  notes: z.string().nullable(),
  status: z.number().int(),
  stoneCount: z.number().int(),
  stoneIds: z.array(z.string()),
  decidedBy: z.string().nullable(),
  decidedByName: z.string().nullable(),
  decidedAt: z.string().nullable(),
  cancelReason: z.string().nullable(),
  createdAt: z.string(),
});
export type AppointmentRecord = z.infer<typeof appointmentRecordSchema>;

/** A booking as its customer reads it: who of the staff decided stays with the staff. */
export const customerAppointmentRecordSchema = appointmentRecordSchema.omit({
  decidedBy: true,
  decidedByName: true,
});
export type CustomerAppointmentRecord = z.infer<typeof customerAppointmentRecordSchema>;

/** The customer's reading of a booking. */
export function forCustomer(record: AppointmentRecord): CustomerAppointmentRecord {
  const { decidedBy: _by, decidedByName: _name, ...rest } = record;
  return rest;
}

/** `apis/appointment/schedule`: what a day or week calendar of every cabin needs, in one call. */
export const scheduleRequestSchema = z
  .strictObject({
    from: calendarDayWithNeighbours(),
    to: calendarDayWithNeighbours(),
    locationId: uuidOf(M.location).optional(),
  })
  .refine((body) => body.to >= body.from, { error: M.toAfterFrom, path: ['to'] })
  .refine(
    (body) => Date.parse(body.to) - Date.parse(body.from) <= APPOINTMENT_LIMITS.scheduleDays * 86_400_000,
    { error: M.rangeTooLong, path: ['to'] },
  );

export const scheduleCabinSchema = z.object({
  id: z.string(),
  name: z.string(),
  capacity: z.number().int(),
  locationId: z.string(),
  locationName: z.string(),
  timeZone: z.string(),
});

/** A cabin's open hours on one day: a slot row's window as instants. */
export const scheduleWindowSchema = z.object({
  cabinId: z.string(),
  slotId: z.string(),
  /** The day in the location's zone. */
  date: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  slotMinutes: z.number().int(),
});

export const scheduleAnswerSchema = z.object({
  cabins: z.array(scheduleCabinSchema),
  windows: z.array(scheduleWindowSchema),
  appointments: z.array(appointmentRecordSchema),
});
export type ScheduleAnswer = z.infer<typeof scheduleAnswerSchema>;

export const appointmentStatusUpdateSchema = z.strictObject({
  status: z.union([z.literal(2), z.literal(3)], { error: M.status }),
  reason: z.string({ error: M.reasonText }).trim().max(1000, { error: M.reasonTooLong }).optional(),
});

export const appointmentMoveSchema = z.strictObject({
  startsAt: calendarInstant(M.invalidDate),
  cabinId: uuidOf(M.cabin).optional(),
});

/** `apis/customer/appointment/slots`: the free slots of one day. */
export const customerSlotsSchema = z.strictObject({
  date: calendarDayWithNeighbours(),
  locationId: uuidOf(M.location).optional(),
  cabinId: uuidOf(M.cabin).optional(),
});

export const freeSlotSchema = z.object({
  cabinId: z.string(),
  cabinName: z.string(),
  locationId: z.string(),
  locationName: z.string(),
  timeZone: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
});

export const customerAppointmentCreateSchema = z.strictObject({
  cabinId: uuidOf(M.cabin),
  startsAt: calendarInstant(M.invalidDate),
  purpose: z
    .string({ error: M.purpose })
    .trim()
    .min(1, { error: M.purpose })
    .max(500, { error: M.purposeTooLong }),
  meetingType: meetingTypeSchema,
  stoneIds: z
    .array(uuidOf(M.stones), { error: M.stones })
    .max(APPOINTMENT_LIMITS.stones, { error: M.tooManyStones })
    .optional(),
  notes: z.string({ error: M.notesText }).trim().max(2000, { error: M.notesTooLong }).optional(),
});

export const customerAppointmentPaginateSchema = paginateRequestSchema.extend({
  filter: z
    .strictObject(
      { status: oneOrMany(appointmentStatusSchema, M.statusFilter).optional() },
      { error: M.filter },
    )
    .optional(),
  sort: z.strictObject({ startsAt: direction, createdAt: direction }, { error: M.sort }).optional(),
});

export const customerAppointmentCancelSchema = z.strictObject({
  id: uuidOf(M.notFound),
  reason: z.string({ error: M.reasonText }).trim().max(1000, { error: M.reasonTooLong }).optional(),
});

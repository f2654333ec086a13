import { formatDateTime } from '../format/display-format.ts';
import { field } from '../resources/fields.ts';
import type { ListColumn } from '../resources/list-columns.ts';
import type { AppointmentRecord } from './appointment-schemas.ts';
import { APPOINTMENT_STATUS_OPTIONS, MEETING_TYPE_OPTIONS } from './appointment-types.ts';

/**
 * A booking as its export writes it: its start and end on the location's clock, beside the zone they
 * are in, as the list shows them; a reader elsewhere would otherwise read another time than the customer's.
 */
export type AppointmentFileRow = AppointmentRecord & { startsLocal: string; endsLocal: string };

export function appointmentFileRow(record: AppointmentRecord): AppointmentFileRow {
  const zone = { timeZone: record.timeZone };
  return {
    ...record,
    startsLocal: formatDateTime(record.startsAt, zone),
    endsLocal: formatDateTime(record.endsAt, zone),
  };
}

/** The appointment list's columns, as its export writes them. */
export const APPOINTMENT_LIST_COLUMNS: readonly ListColumn<AppointmentFileRow>[] = [
  { key: 'appointmentNumber', spec: field.text('Appointment #') },
  {
    key: 'startsAt',
    spec: field.datetime('Starts'),
    file: [{ key: 'startsLocal', spec: field.text('Starts') }],
  },
  { key: 'endsAt', spec: field.datetime('Ends'), file: [{ key: 'endsLocal', spec: field.text('Ends') }] },
  { key: 'userName', spec: field.text('Customer') },
  { key: 'accountName', spec: field.text('Company') },
  { key: 'locationName', spec: field.text('Location') },
  { key: 'timeZone', spec: field.text('Time zone') },
  { key: 'cabinName', spec: field.text('Cabin') },
  { key: 'meetingType', spec: field.enum('Meeting type', MEETING_TYPE_OPTIONS) },
  { key: 'purpose', spec: field.longText('Purpose') },
  { key: 'stoneCount', spec: field.integer('Stones') },
  { key: 'status', spec: field.enum('Status', APPOINTMENT_STATUS_OPTIONS) },
  { key: 'decidedByName', spec: field.text('Decided by') },
  { key: 'decidedAt', spec: field.datetime('Decided') },
  { key: 'createdAt', spec: field.datetime('Requested') },
];

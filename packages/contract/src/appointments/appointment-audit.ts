import { defineAuditEntity } from '../resources/audit-entity.ts';
import { field } from '../resources/fields.ts';
import { APPOINTMENT_STATUS_OPTIONS, MEETING_TYPE_OPTIONS } from './appointment-types.ts';

/** How the trail reads a booking: requested, approved, moved, cancelled. */
export const appointmentAuditEntity = defineAuditEntity({
  name: 'appointment',
  title: 'Appointment',
  table: 'appointments',
  titleField: 'appointmentNumber',
  fields: {
    appointmentNumber: field.text('Appointment #'),
    userId: field.user('Customer'),
    accountId: field.reference('Company', 'account'),
    cabinId: field.reference('Cabin', 'cabin'),
    startsAt: field.datetime('Starts'),
    endsAt: field.datetime('Ends'),
    purpose: field.longText('Purpose'),
    meetingType: field.enum('Meeting type', MEETING_TYPE_OPTIONS),
    status: field.enum('Status', APPOINTMENT_STATUS_OPTIONS),
    cancelReason: field.longText('Cancel reason'),
  },
  actions: {
    'appointment.create': 'Appointment requested',
    'appointment.approve': 'Appointment approved',
    'appointment.cancel': 'Appointment cancelled',
    'appointment.move': 'Appointment moved',
  },
});

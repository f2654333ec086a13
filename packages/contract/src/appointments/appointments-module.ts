import { defineModule } from '../modules/contract-module.ts';
import { appointmentAuditEntity } from './appointment-audit.ts';
import { APPOINTMENT_ENDPOINTS } from './appointment-endpoints.ts';
import { APPOINTMENTS_PERMISSIONS } from './appointments-permissions.ts';
import { cabinResource } from './cabin.ts';
import { CUSTOMER_APPOINTMENT_ENDPOINTS } from './customer-appointment-endpoints.ts';
import { locationResource } from './location.ts';
import { slotResource } from './slot.ts';

/** Viewing appointments: locations, their cabins and weekly slots, and the bookings of them. */
export const appointmentsModule = defineModule({
  name: 'appointments',
  permissions: APPOINTMENTS_PERMISSIONS,
  resources: [locationResource, cabinResource, slotResource],
  endpoints: [APPOINTMENT_ENDPOINTS, CUSTOMER_APPOINTMENT_ENDPOINTS],
  auditEntityTypes: [appointmentAuditEntity],
  screens: [
    { path: 'slot', title: 'Slot', module: 'Slot', menu: { group: 'Appointment', id: 502, name: 'Slot' } },
    {
      path: 'schedule',
      title: 'Schedule',
      module: 'Schedule',
      menu: { group: 'Appointment', id: 503, name: 'Schedule' },
    },
    {
      path: 'appointment-list',
      title: 'Appointment list',
      module: 'Cabin',
      menu: { group: 'Appointment', id: 505, name: 'Appointment List' },
    },
  ],
});

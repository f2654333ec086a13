import { defineModule } from '../modules/contract-module.ts';
import { APPOINTMENTS_PERMISSIONS } from './appointments-permissions.ts';
import { locationResource } from './location.ts';

/** Viewing appointments: locations, cabins, slots and schedules. */
export const appointmentsModule = defineModule({
  name: 'appointments',
  permissions: APPOINTMENTS_PERMISSIONS,
  resources: [locationResource],
  screens: [
    {
      path: 'cabin',
      title: 'Cabin',
      module: 'Cabin',
      menu: { group: 'Appointment', id: 501, name: 'Cabin' },
    },
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

import { defineModule } from '../modules/contract-module.ts';
import { locationResource } from './location.ts';

/** Viewing appointments: locations, cabins, slots and schedules. */
export const appointmentsModule = defineModule({
  name: 'appointments',
  permissions: [
    { id: 9, module: 'Location', title: 'Location' },
    { id: 33, module: 'Cabin', title: 'Cabin' },
    { id: 34, module: 'Slot', title: 'Slot' },
    { id: 35, module: 'Schedule', title: 'Schedule' },
  ],
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

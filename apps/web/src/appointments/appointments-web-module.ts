import type { cabinResource } from '@facet/contract';
import { lazy } from 'react';
import type { WebModule } from '../platform/modules/web-module.ts';

// Checked against the declaration by type only, which keeps the contract's schemas out of sign-in.
const CABIN: (typeof cabinResource)['name'] = 'cabin';

/**
 * Appointments: when cabins open, the calendar of bookings and their list. The calendar library loads
 * with the slot and schedule screens only; the cabin and location lists are the generic ones.
 */
export const appointmentsWebModule: WebModule = {
  name: 'appointments',
  screens: {
    slot: () => import('./slot-page.tsx').then((module) => module.SlotPage),
    schedule: () => import('./schedule-page.tsx').then((module) => module.SchedulePage),
    'appointment-list': () =>
      import('./appointment-list-page.tsx').then((module) => module.AppointmentListPage),
  },
  inputs: {
    [CABIN]: lazy(() => import('./cabin-select.tsx').then((module) => ({ default: module.CabinSelect }))),
  },
};

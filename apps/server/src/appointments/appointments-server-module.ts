import { defineServerModule } from '../modules/server-module.ts';
import { appointmentsTile } from './appointment-dashboard.ts';
import { sendAppointmentReminders } from './appointment-jobs.ts';
import { appointmentRoutes } from './appointment-routes.ts';
import { cabinHooks } from './cabin-hooks.ts';
import { customerAppointmentRoutes } from './customer-appointment-routes.ts';
import { slotHooks } from './slot-hooks.ts';

/** Cabins, their weekly slots, and the bookings of them. */
export const appointmentsServerModule = defineServerModule({
  name: 'appointments',
  routes: (ctx) => [...appointmentRoutes(ctx), ...customerAppointmentRoutes(ctx)],
  resourceHooks: { slot: slotHooks, cabin: cabinHooks },
  jobs: [{ name: 'appointment-reminders', run: sendAppointmentReminders }],
  dashboardTiles: { appointments: appointmentsTile },
  tableRows: {
    appointments: { one: 'appointment', many: 'appointments' },
    appointment_stones: { one: 'stone of an appointment', many: 'stones of appointments' },
  },
});

import {
  APPOINTMENT_LIST_COLUMNS,
  type AppointmentFileRow,
  type AppointmentRecord,
  appointmentFileRow,
  APPOINTMENT_ENDPOINTS as E,
  APPOINTMENT_MESSAGES as M,
  withinCalendar,
} from '@facet/contract';
import type { AppContext } from '../app-context.ts';
import { clientInfo } from '../http/client-info.ts';
import { ok } from '../http/envelope.ts';
import { implement } from '../http/route.ts';
import { EXPORT_BATCH_SIZE } from '../resources/export-route.ts';
import { sendListExport } from '../resources/list-export.ts';
import {
  appointmentBatches,
  appointmentPage,
  appointmentsBetween,
  appointmentWhere,
} from './appointment-queries.ts';
import { openCabins, slotsOf, windowsOf } from './appointment-slots.ts';
import { decideAppointment, moveAppointment, organizerOf } from './appointment-writes.ts';
import { appointmentsChanged } from './appointments-changed.ts';

const DAY = 24 * 60 * 60 * 1000;

async function* fileRowsOf(batches: AsyncIterable<readonly AppointmentRecord[]>) {
  for await (const batch of batches) yield batch.map(appointmentFileRow);
}

/** What staff call: the list, its export, the schedule, and the moves of a booking. */
export function appointmentRoutes(ctx: AppContext) {
  const organizer = organizerOf(ctx.config.mailFrom);
  return [
    implement(E.paginate, async ({ body }) => ok(M.list, await appointmentPage(ctx.db, body))),
    implement(E.export, async ({ body, request, reply }) => {
      // Refuses a bad filter (a range the wrong way round) before the file starts.
      appointmentWhere(body);
      return sendListExport<AppointmentFileRow>(ctx, request, reply, {
        columns: APPOINTMENT_LIST_COLUMNS,
        title: 'Appointments',
        fileName: 'appointments',
        format: body.format,
        timeZone: body.timeZone,
        batches: fileRowsOf(appointmentBatches(ctx.db, body, EXPORT_BATCH_SIZE)),
      });
    }),
    implement(E.schedule, async ({ body }) => {
      const cabins = await openCabins(ctx.db, { locationId: body.locationId });
      // A day of any zone lies within a day either side of the same UTC day.
      const slots = await slotsOf(
        ctx.db,
        cabins.map((cabin) => cabin.id),
        body.from,
        body.to,
      );
      const windows = windowsOf(cabins, slots, body.from, body.to);
      const from = withinCalendar(Date.parse(body.from) - DAY);
      const to = withinCalendar(Date.parse(body.to) + 2 * DAY);
      const booked = await appointmentsBetween(
        ctx.db,
        cabins.map((cabin) => cabin.id),
        from,
        to,
      );
      return ok(M.schedule, {
        cabins,
        windows: windows.map((window) => ({
          ...window,
          startsAt: window.startsAt.toISOString(),
          endsAt: window.endsAt.toISOString(),
        })),
        appointments: booked,
      });
    }),
    implement(E.updateStatus, async ({ params, body, auth, request }) => {
      const result = await decideAppointment(
        ctx.db,
        { auth, client: clientInfo(request) },
        params.id,
        body,
        organizer,
      );
      appointmentsChanged(ctx, result);
      return ok(body.status === 2 ? M.approved : M.cancelled, result.record);
    }),
    implement(E.move, async ({ params, body, auth, request }) => {
      const result = await moveAppointment(
        ctx.db,
        { auth, client: clientInfo(request) },
        params.id,
        body,
        organizer,
      );
      appointmentsChanged(ctx, result);
      return ok(M.moved, result.record);
    }),
  ];
}

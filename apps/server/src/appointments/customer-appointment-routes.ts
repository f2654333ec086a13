import {
  CUSTOMER_APPOINTMENT_ENDPOINTS as E,
  forCustomer,
  APPOINTMENT_MESSAGES as M,
  withinCalendar,
} from '@facet/contract';
import { eq } from 'drizzle-orm';
import type { AuthContext } from '../access/authenticate.ts';
import type { AppContext } from '../app-context.ts';
import { FORBIDDEN } from '../http/access-plugin.ts';
import { clientInfo } from '../http/client-info.ts';
import { HttpError, ok } from '../http/envelope.ts';
import { implement } from '../http/route.ts';
import type { Customer } from '../stock-summary/customer-track-writes.ts';
import { appointmentById, appointmentPage, appointmentsBetween } from './appointment-queries.ts';
import { openCabins, periodsOf, slotsOf, windowsOf } from './appointment-slots.ts';
import { appointments } from './appointment-tables.ts';
import { cancelOwnAppointment, organizerOf, requestAppointment } from './appointment-writes.ts';
import { appointmentsChanged } from './appointments-changed.ts';

const DAY = 24 * 60 * 60 * 1000;

/** The signed-in customer; the access plugin's gate found their company approved. */
function customerOf(auth: AuthContext): Customer {
  if (!auth.customerAccountId) throw new HttpError('E_FORBIDDEN', FORBIDDEN);
  return { userId: auth.user.id, accountId: auth.customerAccountId };
}

/** What the storefront and the apps call to book a viewing. */
export function customerAppointmentRoutes(ctx: AppContext) {
  const organizer = organizerOf(ctx.config.mailFrom);
  return [
    implement(E.slots, async ({ body, auth }) => {
      customerOf(auth);
      const cabins = await openCabins(ctx.db, {
        locationId: body.locationId,
        cabinIds: body.cabinId ? [body.cabinId] : undefined,
      });
      const ids = cabins.map((cabin) => cabin.id);
      const slots = await slotsOf(ctx.db, ids, body.date, body.date);
      const periods = windowsOf(cabins, slots, body.date, body.date).flatMap((window) =>
        periodsOf(window).map((period) => ({ ...period, cabinId: window.cabinId })),
      );
      // A day of any zone lies within a day either side of the same UTC day.
      const day = Date.parse(body.date);
      const taken = await appointmentsBetween(
        ctx.db,
        ids,
        withinCalendar(day - DAY),
        withinCalendar(day + 2 * DAY),
      );
      const now = Date.now();
      const byId = new Map(cabins.map((cabin) => [cabin.id, cabin]));
      const free = periods.filter(
        (period) =>
          period.startsAt.getTime() > now &&
          !taken.some(
            (booking) =>
              booking.cabinId === period.cabinId &&
              Date.parse(booking.startsAt) < period.endsAt.getTime() &&
              Date.parse(booking.endsAt) > period.startsAt.getTime(),
          ),
      );
      free.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
      return ok(
        M.slots,
        free.flatMap((period) => {
          const cabin = byId.get(period.cabinId);
          return cabin
            ? [
                {
                  cabinId: cabin.id,
                  cabinName: cabin.name,
                  locationId: cabin.locationId,
                  locationName: cabin.locationName,
                  timeZone: cabin.timeZone,
                  startsAt: period.startsAt.toISOString(),
                  endsAt: period.endsAt.toISOString(),
                },
              ]
            : [];
        }),
      );
    }),
    implement(E.create, async ({ body, auth, request }) => {
      const { id, deliveries } = await requestAppointment(
        ctx.db,
        { auth, client: clientInfo(request) },
        customerOf(auth),
        body,
      );
      appointmentsChanged(ctx, { deliveries });
      const record = await appointmentById(ctx.db, id);
      if (!record) throw new HttpError('E_NOT_FOUND', M.notFound);
      return ok(M.requested, forCustomer(record));
    }),
    implement(E.paginate, async ({ body, auth }) => {
      const customer = customerOf(auth);
      const page = await appointmentPage(
        ctx.db,
        { ...body, filter: { status: body.filter?.status } },
        eq(appointments.userId, customer.userId),
      );
      return ok(M.list, { ...page, list: page.list.map(forCustomer) });
    }),
    implement(E.cancel, async ({ body, auth, request }) => {
      const result = await cancelOwnAppointment(
        ctx.db,
        { auth, client: clientInfo(request) },
        customerOf(auth),
        body,
        organizer,
      );
      appointmentsChanged(ctx, result);
      return ok(M.cancelled, forCustomer(result.record));
    }),
  ];
}

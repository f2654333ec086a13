import { APPOINTMENT_STATUSES, appointmentPaginateSchema } from '@facet/contract';
import type { AppContext } from '../app-context.ts';
import { countFigure, dayRange, listLink } from '../dashboard/dashboard-figures.ts';
import type { DashboardTileBody, DashboardViewer, ReaderDay } from '../modules/server-module.ts';
import { appointmentPage } from './appointment-queries.ts';

/** How many of today's bookings the tile names. */
const ITEMS = 5;
/** The bookings that still stand. */
const STANDING = [APPOINTMENT_STATUSES.pending, APPOINTMENT_STATUSES.approved];

/**
 * The standing bookings of one of the reader's days, as the appointment list reads its address: whole
 * days on the reader's clock (`from=…&to=…`, from its first instant to its last).
 */
function ofDay(ctx: AppContext, day: ReaderDay, limit: number) {
  return appointmentPage(
    ctx.db,
    appointmentPaginateSchema.parse({
      page: 1,
      limit,
      filter: {
        status: STANDING,
        startsAt: { from: day.from.toISOString(), to: new Date(day.to.getTime() - 1).toISOString() },
      },
      sort: { startsAt: 'asc' },
    }),
  );
}

const dayLink = (day: ReaderDay) =>
  listLink('appointment-list', { status: STANDING, startsAt: dayRange(day.date) });

/** Today's and tomorrow's bookings of the cabins, those waiting for approval, and today's next ones. */
export async function appointmentsTile(ctx: AppContext, viewer: DashboardViewer): Promise<DashboardTileBody> {
  const today = viewer.day(0);
  const tomorrow = viewer.day(1);
  const [ofToday, ofTomorrow, toApprove] = await Promise.all([
    ofDay(ctx, today, ITEMS),
    ofDay(ctx, tomorrow, 1),
    appointmentPage(
      ctx.db,
      appointmentPaginateSchema.parse({
        page: 1,
        limit: 1,
        filter: { status: APPOINTMENT_STATUSES.pending },
      }),
    ),
  ]);
  return {
    figures: [
      countFigure('today', 'Today', ofToday.count, dayLink(today)),
      countFigure('tomorrow', 'Tomorrow', ofTomorrow.count, dayLink(tomorrow)),
      countFigure(
        'to-approve',
        'To approve',
        toApprove.count,
        listLink('appointment-list', { status: APPOINTMENT_STATUSES.pending }),
      ),
    ],
    breakdowns: [],
    items: ofToday.list.map((row) => ({
      key: row.id,
      title: `${row.userName}${row.accountName ? `, ${row.accountName}` : ''}`,
      detail: `${row.cabinName}, ${row.locationName} · ${row.status === APPOINTMENT_STATUSES.pending ? 'Pending' : 'Approved'}`,
      at: row.startsAt,
      link: `appointment-list?q=${encodeURIComponent(row.appointmentNumber)}`,
    })),
  };
}

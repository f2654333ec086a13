import type { AdminModuleName, PermissionHolder } from '@facet/contract';
import { can } from '@facet/contract';

/** `YYYY-MM-DD` of a local day. */
function isoDay(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

function addDays(date: Date, days: number): Date {
  const next = new Date(date.getFullYear(), date.getMonth(), date.getDate());
  next.setDate(next.getDate() + days);
  return next;
}

/** How far ahead a banner's end counts as "about to expire". */
export const BANNER_EXPIRY_DAYS = 7;

/**
 * One tile of the dashboard's work queue: what to count through an existing list endpoint, who may see
 * it (the module that list is gated by), and the list it opens, filtered to the same records.
 */
export interface WorkQueueTile {
  key: string;
  title: string;
  description: string;
  module: AdminModuleName;
  /** A list's paginate endpoint (work-queue.test.ts checks it and the filter against the contract). */
  paginatePath: string;
  filter: Record<string, unknown>;
  /** The list it opens, relative to the panel base, with the filter in its address. */
  link: string;
}

/** The bookings of one local day that still stand (pending or approved), as instants of its bounds. */
function appointmentsOfDay(day: Date) {
  const start = addDays(day, 0);
  const end = new Date(addDays(day, 1).getTime() - 1);
  return { status: [1, 2], startsAt: { from: start.toISOString(), to: end.toISOString() } };
}

/** Today's and tomorrow's bookings, and the requests waiting for approval (the appointment list's). */
function appointmentTiles(now: Date): WorkQueueTile[] {
  const tomorrow = addDays(now, 1);
  return [
    {
      key: 'appointments-today',
      title: 'Appointments today',
      description: 'Bookings of the cabins today, pending or approved',
      module: 'Cabin',
      paginatePath: 'apis/appointment/paginate',
      filter: appointmentsOfDay(now),
      link: `appointment-list?status=1,2&from=${isoDay(now)}&to=${isoDay(now)}`,
    },
    {
      key: 'appointments-tomorrow',
      title: 'Appointments tomorrow',
      description: 'Bookings of the cabins tomorrow, pending or approved',
      module: 'Cabin',
      paginatePath: 'apis/appointment/paginate',
      filter: appointmentsOfDay(tomorrow),
      link: `appointment-list?status=1,2&from=${isoDay(tomorrow)}&to=${isoDay(tomorrow)}`,
    },
    {
      key: 'appointments-to-approve',
      title: 'Appointments to approve',
      description: 'Booking requests waiting for a decision',
      module: 'Cabin',
      paginatePath: 'apis/appointment/paginate',
      filter: { status: 1 },
      link: 'appointment-list?status=1',
    },
  ];
}

/** The work that is waiting today, as of `now`. */
export function workQueueTiles(now: Date): WorkQueueTile[] {
  const yesterday = isoDay(addDays(now, -1));
  const expiryEnd = addDays(now, BANNER_EXPIRY_DAYS + 1);
  return [
    {
      key: 'new-arrivals',
      title: 'New arrivals',
      description: 'Stones that arrived since yesterday',
      module: 'Stock Master',
      paginatePath: 'apis/diamond/paginate',
      // The stock screen's New Arrivals of one day (stock/stone-filter.ts): the arrival date from yesterday.
      filter: { marketingIssueDate: { from: yesterday } },
      link: 'stock?newArrivals=1',
    },
    {
      key: 'companies-to-approve',
      title: 'Companies to approve',
      description: 'Companies waiting for their approval',
      module: 'Account',
      paginatePath: 'apis/account/paginate',
      filter: { isApproved: false },
      link: 'account?isApproved=false',
    },
    {
      key: 'offers-to-answer',
      title: 'Offers to answer',
      description: 'Customers’ offers waiting for a decision',
      module: 'Offer',
      paginatePath: 'apis/diamond-track/paginate',
      // The offer list's own filters: offers (track type 4), pending (status 1).
      filter: { trackType: 4, offerStatus: 1 },
      link: 'offer?offerStatus=1',
    },
    {
      key: 'enquiries-to-answer',
      title: 'Enquiries to answer',
      description: 'Customers’ questions waiting for a reply',
      module: 'Enquiry',
      paginatePath: 'apis/diamond-track/paginate',
      filter: { trackType: 6, replied: false },
      link: 'enquiry?replied=false',
    },
    {
      key: 'open-contacts',
      title: 'New contacts',
      description: 'Contact messages not resolved yet',
      module: 'Contact',
      paginatePath: 'apis/contactus/paginate',
      filter: { type: 'contact', isResolved: false },
      link: 'contact?isResolved=false',
    },
    {
      key: 'open-suggestions',
      title: 'New suggestions',
      description: 'Suggestions not resolved yet',
      module: 'Suggestion',
      paginatePath: 'apis/contactus/paginate',
      filter: { type: 'suggestion', isResolved: false },
      link: 'suggestion?isResolved=false',
    },
    {
      key: 'parcel-orders-to-fulfil',
      title: 'Parcel orders to fulfil',
      description: 'Parcel orders waiting to be done',
      module: 'Parcel Order',
      paginatePath: 'apis/parcel-order/paginate',
      filter: { status: 1 },
      link: 'parcel/order?status=1',
    },
    ...appointmentTiles(now),
    {
      key: 'banners-expiring',
      title: 'Banners about to expire',
      description: `Active banners that end within ${BANNER_EXPIRY_DAYS} days`,
      module: 'Banner',
      paginatePath: 'apis/banner/paginate',
      filter: { isActive: true, toDate: { from: now.toISOString(), to: expiryEnd.toISOString() } },
      // Soonest end first: the banner list filters dates by day, these lead it.
      link: 'banner?isActive=true&sort=toDate:asc',
    },
  ];
}

/** The tiles of the lists the holder may read. */
export function visibleTiles(holder: PermissionHolder | null, now: Date): WorkQueueTile[] {
  if (!holder) return [];
  return workQueueTiles(now).filter((tile) => can(holder, tile.module, 'view'));
}

import {
  DEMAND_LIMITS,
  EMPTY_VALUE,
  formatCarat,
  formatMoney,
  formatNumber,
  OFFER_LIMITS,
  OFFER_STATUSES,
  OPEN_OFFER_STATUSES,
  TRACK_TYPES,
  type TrackType,
} from '@facet/contract';

/** The kinds of activity with a list of their own: cart, watchlist, reminder, enquiry and offer. */
export type TrackScreenKey = 'cart' | 'watchlist' | 'reminder' | 'enquiry' | 'offer';

export interface TrackScreen {
  key: TrackScreenKey;
  trackType: TrackType;
  title: string;
  empty: string;
  search: string;
}

export const TRACK_SCREENS: Readonly<Record<TrackScreenKey, TrackScreen>> = {
  cart: {
    key: 'cart',
    trackType: TRACK_TYPES.cart,
    title: 'Cart',
    empty: 'No carts yet',
    search: 'Search stock #, customer or company',
  },
  watchlist: {
    key: 'watchlist',
    trackType: TRACK_TYPES.watchlist,
    title: 'Watchlist',
    empty: 'No watchlists yet',
    search: 'Search stock #, customer or company',
  },
  reminder: {
    key: 'reminder',
    trackType: TRACK_TYPES.reminder,
    title: 'Reminder',
    empty: 'No reminders yet',
    search: 'Search stock #, customer or company',
  },
  enquiry: {
    key: 'enquiry',
    trackType: TRACK_TYPES.enquiry,
    title: 'Enquiry',
    empty: 'No enquiries yet',
    search: 'Search enquiry #, stock #, customer or question',
  },
  offer: {
    key: 'offer',
    trackType: TRACK_TYPES.offer,
    title: 'Offers',
    empty: 'No offers yet',
    search: 'Search stock #, customer or company',
  },
};

/** An option's label by its value ("Pending" for 1); a dash when unknown or empty. */
export function labelOf(options: readonly { value: number; label: string }[], value: number | null): string {
  return options.find((option) => option.value === value)?.label ?? EMPTY_VALUE;
}

/** `Round 1.01 ct F VS2`: a stone's grades on one line, the parts it has. */
export function stoneGrades(stone: {
  shape: string | null;
  carat: number | null;
  color: string | null;
  clarity: string | null;
}): string {
  const parts = [
    stone.shape,
    stone.carat === null ? null : `${formatCarat(stone.carat)} ct`,
    stone.color,
    stone.clarity,
  ];
  const line = parts.filter((part) => part !== null && part !== '').join(' ');
  return line || EMPTY_VALUE;
}

/**
 * How the stone's amount moved since the customer acted: 'up', 'down', or null when the same (to the
 * cent) or not known on either side.
 */
export function priceMove(then: number | null, now: number | null): 'up' | 'down' | null {
  if (then === null || now === null) return null;
  const cents = Math.round(now * 100) - Math.round(then * 100);
  if (cents === 0) return null;
  return cents > 0 ? 'up' : 'down';
}

/** The amount now, with how it moved in words for the mark's tooltip ("Was USD 9,000.00"). */
export function priceMoveTitle(then: number | null, now: number | null): string | undefined {
  const move = priceMove(then, now);
  if (!move) return undefined;
  return `${move === 'up' ? 'Up' : 'Down'} from ${formatMoney(then)}`;
}

/** A demand's matches: "1,000 or more" at the count's cap; a dash when not counted. */
export function matchesText(matches: number | null): string {
  if (matches === null) return EMPTY_VALUE;
  if (matches >= DEMAND_LIMITS.matchCap) return `${formatNumber(DEMAND_LIMITS.matchCap, 0)} or more`;
  return formatNumber(matches, 0);
}

/** An offer is decided only while it is open: pending, or countered while the counter stands. */
export function isOpenOffer(record: { trackType: number; offerStatus: number | null }): boolean {
  return (
    record.trackType === TRACK_TYPES.offer &&
    OPEN_OFFER_STATUSES.some((status) => status === record.offerStatus)
  );
}

/** The price staff accept an offer at: the counter's once countered, else the customer's. */
export function priceToAccept(record: {
  offerStatus: number | null;
  offerPricePerCarat: number | null;
  counterPricePerCarat: number | null;
}): number | null {
  return record.offerStatus === OFFER_STATUSES.countered
    ? record.counterPricePerCarat
    : record.offerPricePerCarat;
}

/**
 * The warning before staff agree to a price far below the stone's list price per carat ("18.5% below
 * the list price of USD 4,200.00 per carat."), or null when within `OFFER_LIMITS.warnBelowListPercent`
 * or either price is unknown.
 */
export function belowListWarning(price: number | null | undefined, listPrice: number | null): string | null {
  if (price === null || price === undefined || listPrice === null || listPrice <= 0) return null;
  const below = ((listPrice - price) / listPrice) * 100;
  if (below <= OFFER_LIMITS.warnBelowListPercent) return null;
  return `${formatNumber(below, 1)}% below the list price of ${formatMoney(listPrice)} per carat.`;
}

/** A screen's title, naming the customer when it shows one customer's list ("Cart — Anna Buyer"). */
export function titleFor(title: string, customer: string | undefined): string {
  return customer ? `${title} — ${customer}` : title;
}

import type { CustomerModuleName } from '../access/customer-modules.ts';

/**
 * What a customer does with a stone (domain reference, customer activity). Comments (99) keep their own
 * store (diamond-comments/); every other kind is a row of the diamond track.
 */
export const TRACK_TYPES = {
  cart: 1,
  watchlist: 2,
  office: 3,
  offer: 4,
  reminder: 5,
  enquiry: 6,
  shipment: 7,
  showSelected: 8,
  bestBuy: 9,
  comment: 99,
} as const;
export type TrackTypeKey = keyof typeof TRACK_TYPES;
export type TrackType = (typeof TRACK_TYPES)[TrackTypeKey];

export const TRACK_TYPE_OPTIONS = [
  { value: TRACK_TYPES.cart, label: 'Cart' },
  { value: TRACK_TYPES.watchlist, label: 'Watchlist' },
  { value: TRACK_TYPES.office, label: 'Office' },
  { value: TRACK_TYPES.offer, label: 'Offer' },
  { value: TRACK_TYPES.reminder, label: 'Reminder' },
  { value: TRACK_TYPES.enquiry, label: 'Enquiry' },
  { value: TRACK_TYPES.shipment, label: 'Shipment' },
  { value: TRACK_TYPES.showSelected, label: 'Show selected' },
  { value: TRACK_TYPES.bestBuy, label: 'Best buy' },
] as const;

/** The track types stored as diamond track rows (comments are not). */
export const STORED_TRACK_TYPES = TRACK_TYPE_OPTIONS.map((option) => option.value);

/** What a customer adds and removes by themselves; offers and holds have their own calls. */
export const CUSTOMER_LIST_TYPES = {
  cart: TRACK_TYPES.cart,
  watchlist: TRACK_TYPES.watchlist,
  reminder: TRACK_TYPES.reminder,
  enquiry: TRACK_TYPES.enquiry,
} as const;
export type CustomerListKey = keyof typeof CUSTOMER_LIST_TYPES;
export const CUSTOMER_LIST_KEYS = Object.keys(CUSTOMER_LIST_TYPES) as [CustomerListKey, ...CustomerListKey[]];

/** The customer permission module of each list a customer keeps. */
export const CUSTOMER_LIST_MODULES: Readonly<Record<CustomerListKey, CustomerModuleName>> = {
  cart: 'cart',
  watchlist: 'watchlist',
  reminder: 'reminder',
  enquiry: 'enquiry',
};

/** A stone sits at most once in one customer's cart, watchlist or reminders (the database holds it). */
export const ONCE_PER_STONE_TYPES = [TRACK_TYPES.cart, TRACK_TYPES.watchlist, TRACK_TYPES.reminder] as const;

/**
 * Where an offer stands. Countered: staff answered with another price, which stands until the offer's
 * `validUntil`; the customer takes it up with a new offer, or it expires.
 */
export const OFFER_STATUSES = { pending: 1, accepted: 2, rejected: 3, expired: 4, countered: 5 } as const;
export type OfferStatus = (typeof OFFER_STATUSES)[keyof typeof OFFER_STATUSES];
export const OFFER_STATUS_OPTIONS = [
  { value: OFFER_STATUSES.pending, label: 'Pending' },
  { value: OFFER_STATUSES.countered, label: 'Countered' },
  { value: OFFER_STATUSES.accepted, label: 'Accepted' },
  { value: OFFER_STATUSES.rejected, label: 'Rejected' },
  { value: OFFER_STATUSES.expired, label: 'Expired' },
] as const;
/** The offers still open: staff may accept, reject or counter them, and they expire at `validUntil`. */
export const OPEN_OFFER_STATUSES = [OFFER_STATUSES.pending, OFFER_STATUSES.countered] as const;

/** Blocks of a stone for one customer: a hold (usually a day or two) or a memo (goods out on approval). */
export const STONE_BLOCK_KINDS = { hold: 1, memo: 2 } as const;
export type StoneBlockKind = (typeof STONE_BLOCK_KINDS)[keyof typeof STONE_BLOCK_KINDS];
export const STONE_BLOCK_KIND_OPTIONS = [
  { value: STONE_BLOCK_KINDS.hold, label: 'Hold' },
  { value: STONE_BLOCK_KINDS.memo, label: 'Memo' },
] as const;
/** The stone status a live block gives its stone (stock statuses: H hold, M on memo). */
export const STONE_BLOCK_STATUS: Readonly<Record<StoneBlockKind, 'H' | 'M'>> = { 1: 'H', 2: 'M' };

/** Where a block stands: asked for, confirmed by staff, released by staff, or lapsed at its end. */
export const STONE_BLOCK_STATES = { requested: 1, confirmed: 2, released: 3, lapsed: 4 } as const;
export type StoneBlockState = (typeof STONE_BLOCK_STATES)[keyof typeof STONE_BLOCK_STATES];
export const STONE_BLOCK_STATE_OPTIONS = [
  { value: STONE_BLOCK_STATES.requested, label: 'Requested' },
  { value: STONE_BLOCK_STATES.confirmed, label: 'Confirmed' },
  { value: STONE_BLOCK_STATES.released, label: 'Released' },
  { value: STONE_BLOCK_STATES.lapsed, label: 'Lapsed' },
] as const;

/** How long a hold asked for by a customer lasts, and how long staff may make one last. */
export const BLOCK_LIMITS = {
  defaultHoldHours: 48,
  maxHoldHours: 24 * 14,
  maxMemoDays: 90,
  /** The furthest ahead the hold list looks for ends (`endsWithin`, in hours): the longest memo. */
  endsWithinMaxHours: 24 * 90,
  /** Holds one customer may keep at once, so that no one blocks the showroom. */
  liveHoldsPerCustomer: 10,
} as const;

/**
 * Pending offers one customer may have at once (one a stone); staff are warned before they accept or
 * counter at a price more than `warnBelowListPercent` below the stone's list price per carat.
 */
export const OFFER_LIMITS = {
  pendingPerCustomer: 50,
  minPricePerCarat: 0.01,
  warnBelowListPercent: 10,
} as const;

/** How far ahead a reminder may be set. */
export const REMINDER_MAX_DAYS = 365;

export const DEVICES = ['web', 'android', 'ios', 'panel'] as const;
export type Device = (typeof DEVICES)[number];

/** The spec's search types: a demand is a saved stone filter of type 3, with an expiry. */
export const DEMAND_SEARCH_TYPE = 3;
/** A demand's matches are counted up to `matchCap` (more reads "1,000 or more"). */
export const DEMAND_LIMITS = { maxDays: 365, perUser: 50, nameLength: 100, matchCap: 1000 } as const;

/**
 * The customers' stock notices (background jobs): the new-arrival digest goes out at most once every
 * `arrivalsEveryMinutes`, so that stones a staff member adds one by one make one notice, not one each;
 * a notice names up to `stonesNamed` stock numbers, then says how many more.
 */
export const STOCK_NOTICE_LIMITS = { arrivalsEveryMinutes: 60, stonesNamed: 3 } as const;

/**
 * How many of the calls that tell staff (list adds, offers, holds, comments) one customer may make in a
 * window: a storefront's bulk add is one call, so this only stops a loop that would flood the bells.
 */
export const CUSTOMER_PACE = { calls: 60, windowMinutes: 10 } as const;

import { TRACK_TYPES, type TrackType } from './track-types.ts';

/**
 * The staff permission module that shows each kind of activity. Office, shipment, show-selected and
 * best-buy selections are what a customer set aside to buy, so they read with the cart.
 */
export const TRACK_TYPE_MODULES: Readonly<Record<Exclude<TrackType, 99>, string>> = {
  [TRACK_TYPES.cart]: 'Cart',
  [TRACK_TYPES.watchlist]: 'Watchlist',
  [TRACK_TYPES.office]: 'Cart',
  [TRACK_TYPES.offer]: 'Offer',
  [TRACK_TYPES.reminder]: 'Reminder',
  [TRACK_TYPES.enquiry]: 'Enquiry',
  [TRACK_TYPES.shipment]: 'Cart',
  [TRACK_TYPES.showSelected]: 'Cart',
  [TRACK_TYPES.bestBuy]: 'Cart',
};

/** The modules of which any one opens the activity lists. */
export const TRACK_LIST_MODULES = ['Cart', 'Watchlist', 'Reminder', 'Enquiry', 'Offer'] as const;

import type { stoneResource } from '@facet/contract';
import { lazy } from 'react';
import type { WebModule } from '../platform/modules/web-module.ts';

const screens = () => import('./stock-summary-screens.ts');

// Checked against the declaration by type only, which keeps the contract's schemas out of sign-in.
const STONE: (typeof stoneResource)['name'] = 'diamond';

/** Stock Summary: what customers do with the stock, read and answered by staff. */
export const stockSummaryWebModule: WebModule = {
  name: 'stock-summary',
  screens: {
    'cart/:id?': () => screens().then((module) => module.CartPage),
    'watchlist/:id?': () => screens().then((module) => module.WatchlistPage),
    'reminder/:id?': () => screens().then((module) => module.ReminderPage),
    'enquiry/:id?': () => screens().then((module) => module.EnquiryPage),
    'offer/:id?': () => screens().then((module) => module.OfferPage),
    'hold/:id?': () => screens().then((module) => module.HoldPage),
    'demand/:id?': () => screens().then((module) => module.DemandPage),
  },
  recordSections: { [STONE]: lazy(() => import('./stone-block-section.tsx')) },
};

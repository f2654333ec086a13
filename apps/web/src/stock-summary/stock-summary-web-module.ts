import type { WebModule } from '../platform/modules/web-module.ts';

const screens = () => import('./stock-summary-screens.ts');

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
};

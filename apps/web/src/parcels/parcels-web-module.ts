import type { WebModule } from '../platform/modules/web-module.ts';

/** Parcels: the melee price sheets by date and the customers' parcel orders. */
export const parcelsWebModule: WebModule = {
  name: 'parcels',
  screens: {
    // Apart, so the spreadsheet grid loads only with the price sheet.
    'parcel-master': () => import('./price-sheet-page.tsx').then((module) => module.PriceSheetPage),
    'parcel/order': () => import('./order-page.tsx').then((module) => module.ParcelOrderPage),
  },
};

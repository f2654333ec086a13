import { defineModule } from '../modules/contract-module.ts';
import { STOCK_SUMMARY_PERMISSIONS } from './stock-summary-permissions.ts';

/** What customers keep of the stock: carts, watchlists, reminders and enquiries. */
export const stockSummaryModule = defineModule({
  name: 'stock-summary',
  permissions: STOCK_SUMMARY_PERMISSIONS,
  screens: [
    {
      path: 'cart/:id?',
      title: 'Cart',
      module: 'Cart',
      action: 'insert',
      menu: { group: 'Stock Summary', id: 601, name: 'Cart' },
    },
    {
      path: 'watchlist/:id?',
      title: 'Watchlist',
      module: 'Watchlist',
      action: 'insert',
      menu: { group: 'Stock Summary', id: 602, name: 'Watchlist' },
    },
    {
      path: 'reminder/:id?',
      title: 'Reminder',
      module: 'Reminder',
      action: 'insert',
      menu: { group: 'Stock Summary', id: 603, name: 'Reminder' },
    },
    {
      path: 'enquiry/:id?',
      title: 'Enquiry',
      module: 'Enquiry',
      action: 'insert',
      menu: { group: 'Stock Summary', id: 604, name: 'Enquiry' },
    },
  ],
});

import { defineModule } from '../modules/contract-module.ts';

/** What customers keep of the stock: carts, watchlists, reminders and enquiries. */
export const stockSummaryModule = defineModule({
  name: 'stock-summary',
  permissions: [
    { id: 28, module: 'Cart', title: 'Cart' },
    { id: 29, module: 'Watchlist', title: 'Watchlist' },
    { id: 30, module: 'Reminder', title: 'Reminder' },
    { id: 31, module: 'Enquiry', title: 'Enquiry' },
  ],
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

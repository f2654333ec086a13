import type { PermissionModule } from '../access/admin-modules.ts';

/**
 * The feature's permission modules, apart from its module's endpoints and free of zod: the permission
 * screen lists them (permission-catalogue.ts).
 */
export const STOCK_SUMMARY_PERMISSIONS: readonly PermissionModule[] = [
  { id: 28, module: 'Cart', title: 'Cart' },
  { id: 29, module: 'Watchlist', title: 'Watchlist' },
  { id: 30, module: 'Reminder', title: 'Reminder' },
  { id: 31, module: 'Enquiry', title: 'Enquiry' },
  { id: 54, module: 'Offer', title: 'Offer' },
  { id: 55, module: 'Hold', title: 'Hold and memo' },
  { id: 56, module: 'Demand', title: 'Demand' },
];

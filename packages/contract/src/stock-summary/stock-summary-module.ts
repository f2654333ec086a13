import { defineModule } from '../modules/contract-module.ts';
import { CUSTOMER_ACTIVITY_ENDPOINTS } from './customer-activity-endpoints.ts';
import { demandAuditEntity, diamondTrackAuditEntity, stoneBlockAuditEntity } from './stock-summary-audit.ts';
import { STOCK_SUMMARY_ENDPOINTS } from './stock-summary-endpoints.ts';
import { STOCK_SUMMARY_PERMISSIONS } from './stock-summary-permissions.ts';

/**
 * What customers do with the stock (the diamond track): carts, watchlists, reminders, enquiries, offers,
 * holds and memos, and demands; staff read and answer them, customers act through the customer side.
 * `:id` opens one customer's list.
 */
export const stockSummaryModule = defineModule({
  name: 'stock-summary',
  permissions: STOCK_SUMMARY_PERMISSIONS,
  endpoints: [STOCK_SUMMARY_ENDPOINTS, CUSTOMER_ACTIVITY_ENDPOINTS],
  screens: [
    {
      path: 'cart/:id?',
      title: 'Cart',
      module: 'Cart',
      action: 'view',
      menu: { group: 'Stock Summary', id: 601, name: 'Cart' },
    },
    {
      path: 'watchlist/:id?',
      title: 'Watchlist',
      module: 'Watchlist',
      action: 'view',
      menu: { group: 'Stock Summary', id: 602, name: 'Watchlist' },
    },
    {
      path: 'reminder/:id?',
      title: 'Reminder',
      module: 'Reminder',
      action: 'view',
      menu: { group: 'Stock Summary', id: 603, name: 'Reminder' },
    },
    {
      path: 'enquiry/:id?',
      title: 'Enquiry',
      module: 'Enquiry',
      action: 'view',
      menu: { group: 'Stock Summary', id: 604, name: 'Enquiry' },
    },
    {
      path: 'offer/:id?',
      title: 'Offers',
      module: 'Offer',
      action: 'view',
      menu: { group: 'Stock Summary', id: 607, name: 'Offers' },
    },
    {
      path: 'hold/:id?',
      title: 'Holds and memos',
      module: 'Hold',
      action: 'view',
      menu: { group: 'Stock Summary', id: 608, name: 'Holds and memos' },
    },
    {
      path: 'demand/:id?',
      title: 'Demands',
      module: 'Demand',
      action: 'view',
      menu: { group: 'Stock Summary', id: 609, name: 'Demands' },
    },
  ],
  auditEntityTypes: [diamondTrackAuditEntity, stoneBlockAuditEntity, demandAuditEntity],
});

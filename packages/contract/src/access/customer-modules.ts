/** Customer-side modules (users of types 3, 4 and 5): 36 modules with 8 action flags each. */
export const CUSTOMER_ACTIONS = [
  'view',
  'insert',
  'update',
  'delete',
  'uploadExcel',
  'downloadExcel',
  'mailExcel',
  'printPDF',
] as const;
export type CustomerAction = (typeof CUSTOMER_ACTIONS)[number];

export const CUSTOMER_MODULES = [
  { id: 1, module: 'dashboard', title: 'Dashboard' },
  { id: 2, module: 'searchDiamond', title: 'Search diamond' },
  { id: 3, module: 'quickSearch', title: 'Quick search' },
  { id: 4, module: 'searchResult', title: 'Search result' },
  { id: 5, module: 'compare', title: 'Compare' },
  { id: 6, module: 'savedSearch', title: 'Saved search' },
  { id: 7, module: 'recentSearch', title: 'Recent search' },
  { id: 8, module: 'demand', title: 'Demand' },
  { id: 9, module: 'matchPair', title: 'Match pair' },
  { id: 10, module: 'newArrival', title: 'New arrivals' },
  { id: 11, module: 'upcoming', title: 'Upcoming' },
  { id: 12, module: 'stoneOfTheDay', title: 'Stone of the day' },
  { id: 13, module: 'exclusive', title: 'Exclusive' },
  { id: 14, module: 'bestBuy', title: 'Best buy' },
  { id: 15, module: 'featuredStone', title: 'Featured stones' },
  { id: 16, module: 'cart', title: 'Cart' },
  { id: 17, module: 'watchlist', title: 'Watchlist' },
  { id: 18, module: 'reminder', title: 'Reminder' },
  { id: 19, module: 'enquiry', title: 'Enquiry' },
  { id: 20, module: 'comment', title: 'Comment' },
  { id: 21, module: 'offer', title: 'Offer' },
  { id: 22, module: 'hold', title: 'Hold' },
  { id: 23, module: 'memo', title: 'Memo' },
  { id: 24, module: 'order', title: 'Order' },
  { id: 25, module: 'shipment', title: 'Shipment' },
  { id: 26, module: 'invoice', title: 'Invoice' },
  { id: 27, module: 'appointment', title: 'Appointment' },
  { id: 28, module: 'inventory', title: 'Inventory' },
  { id: 29, module: 'pricing', title: 'Pricing' },
  { id: 30, module: 'parcel', title: 'Parcel' },
  { id: 31, module: 'parcelOrder', title: 'Parcel order' },
  { id: 32, module: 'show', title: 'Show' },
  { id: 33, module: 'notification', title: 'Notification' },
  { id: 34, module: 'myAccount', title: 'My account' },
  { id: 35, module: 'companyProfile', title: 'Company profile' },
  { id: 36, module: 'subUser', title: 'Sub users' },
] as const;

export type CustomerModuleName = (typeof CUSTOMER_MODULES)[number]['module'];

export interface CustomerPermissionEntry {
  id: number;
  module: CustomerModuleName;
  title: string;
  permissions: Record<CustomerAction, boolean>;
}

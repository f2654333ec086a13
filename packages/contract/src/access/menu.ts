import type { AdminModuleName } from './admin-modules.ts';

/** Sidebar tree of spec section 2. Leaves link to a panel route; groups show when any child shows. */
export interface MenuItem {
  id: number;
  name: string;
  /** Relative to `/hkadmin/`. */
  path?: string;
  /** Null: every signed-in user sees it. */
  module?: AdminModuleName | null;
  children?: MenuItem[];
}

export const MENU: readonly MenuItem[] = [
  { id: 1, name: 'Dashboard', path: 'dashboard', module: null },
  {
    id: 100,
    name: 'Masters',
    children: [
      { id: 101, name: 'Main Master', path: 'master/main-master', module: 'Main Masters' },
      { id: 102, name: 'Sub Master', path: 'master/sub-master', module: 'Sub Masters' },
      { id: 103, name: 'Size Master', path: 'size-master', module: 'Size Masters' },
      { id: 104, name: 'Terms', path: 'terms', module: 'Terms' },
      { id: 105, name: 'Product', path: 'product', module: 'Product Master' },
      { id: 106, name: 'Stock', path: 'stock', module: 'Stock Master' },
      { id: 107, name: 'Country', path: 'country', module: 'Country' },
      { id: 108, name: 'State', path: 'state', module: 'State' },
      { id: 109, name: 'City', path: 'city', module: 'City' },
      {
        id: 110,
        name: 'Notification Setting',
        path: 'notification-setting',
        module: 'Notification Settings',
      },
      { id: 111, name: 'Parcel Master', path: 'parcel-master', module: 'Parcel Master' },
      { id: 112, name: 'Featured Stone', path: 'featured-stone', module: 'Dashboard Stone' },
      { id: 113, name: 'Non Cert', path: 'noncert', module: 'NonCert' },
      { id: 114, name: 'Layout Master', path: 'layout-master', module: 'CertLayout' },
      { id: 115, name: 'Cert', path: 'cert', module: 'CertLayout' },
      { id: 116, name: 'Upload Stock', path: 'Upload-Stock', module: 'UploadStock' },
    ],
  },
  {
    id: 200,
    name: 'Customer',
    children: [
      { id: 201, name: 'Company', path: 'account', module: 'Account' },
      { id: 202, name: 'User', path: 'user', module: 'User' },
      { id: 203, name: 'Page Tracking', path: 'page-tracking', module: 'Page Tracking' },
      { id: 204, name: 'Guest', path: 'guest', module: 'Guest' },
    ],
  },
  {
    id: 300,
    name: 'Report',
    children: [
      { id: 301, name: 'Login', path: 'report', module: 'Login' },
      { id: 302, name: 'Login Summary', path: 'login-summary', module: 'Search Summary' },
      { id: 303, name: 'Search History', path: 'search-history', module: 'Search History' },
      { id: 304, name: 'Layout Search', path: 'layout-search', module: 'Layout Search' },
      { id: 305, name: 'Search Summary', path: 'search-summary', module: 'Search Summary' },
      { id: 306, name: 'Four C', path: 'Four-C', module: '4 C' },
      { id: 307, name: 'Search vs Sold', path: 'sale/summary', module: 'Search vs Sold' },
      { id: 308, name: 'Hit Counter', path: 'hit-counter', module: 'Hit Counter' },
    ],
  },
  {
    id: 400,
    name: 'Marketing',
    children: [
      { id: 401, name: 'Banner', path: 'banner', module: 'Banner' },
      { id: 402, name: 'Show', path: 'show', module: 'Show' },
      { id: 403, name: 'Popup', path: 'popup', module: 'Popup' },
    ],
  },
  {
    id: 500,
    name: 'Appointment',
    children: [
      { id: 501, name: 'Cabin', path: 'cabin', module: 'Cabin' },
      { id: 502, name: 'Slot', path: 'slot', module: 'Slot' },
      { id: 503, name: 'Schedule', path: 'schedule', module: 'Schedule' },
      { id: 504, name: 'Location', path: 'location', module: 'Location' },
      { id: 505, name: 'Appointment List', path: 'appointment-list', module: 'Cabin' },
    ],
  },
  {
    id: 600,
    name: 'Stock Summary',
    children: [
      { id: 601, name: 'Cart', path: 'cart', module: 'Cart' },
      { id: 602, name: 'Watchlist', path: 'watchlist', module: 'Watchlist' },
      { id: 603, name: 'Reminder', path: 'reminder', module: 'Reminder' },
      { id: 604, name: 'Enquiry', path: 'enquiry', module: 'Enquiry' },
      { id: 605, name: 'Comment', path: 'comment', module: 'Comment' },
      { id: 606, name: 'Diamond Journey', path: 'diamond-journey', module: 'Diamond Journey' },
    ],
  },
  {
    id: 700,
    name: 'Forum',
    children: [
      { id: 701, name: 'Contact', path: 'contact', module: 'Contact' },
      { id: 702, name: 'Suggestion', path: 'suggestion', module: 'Suggestion' },
      { id: 703, name: 'Subscriber', path: 'subscriber', module: 'Subscribe' },
      { id: 704, name: 'Career', path: 'career', module: 'Career' },
      { id: 705, name: 'Feedback', path: 'feedback', module: 'Feedback' },
    ],
  },
  {
    id: 800,
    name: 'Setting',
    children: [
      { id: 801, name: 'Setting', path: 'setting', module: 'Notification Settings' },
      { id: 802, name: 'General Setting', path: 'general-setting', module: 'General Settings' },
      { id: 803, name: 'Sync Setting', path: 'sync-setting', module: 'Sync Setting' },
      { id: 804, name: 'Grid Column', path: 'gridcolumn', module: 'Grid Column' },
      { id: 805, name: 'Version', path: 'version-apk', module: 'Version' },
    ],
  },
  {
    id: 900,
    name: 'Converge Service',
    children: [
      { id: 901, name: 'Hospitality', path: 'hospitality', module: 'Hospitality' },
      { id: 902, name: 'Transport', path: 'transport', module: 'Transport' },
    ],
  },
  {
    id: 1000,
    name: 'Parcel',
    children: [{ id: 1001, name: 'Parcel Order', path: 'parcel/order', module: 'Parcel Order' }],
  },
];

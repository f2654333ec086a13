import type { AdminAction, AdminModuleName } from './admin-modules.ts';

/** Every panel root; protected screens live under it. */
export const PANEL_BASE = '/hkadmin';

/**
 * Protected routes of spec section 2, relative to `/hkadmin/`, with the module and action that open them.
 * `module: null` means any signed-in user: the dashboard (the landing page every guard falls back to),
 * the profile, and the template leftovers that show no data.
 */
export interface PanelRoute {
  path: string;
  title: string;
  module: AdminModuleName | null;
  action: AdminAction;
}

const view = (path: string, title: string, module: AdminModuleName | null): PanelRoute => ({
  path,
  title,
  module,
  action: 'view',
});
const insert = (path: string, title: string, module: AdminModuleName): PanelRoute => ({
  path,
  title,
  module,
  action: 'insert',
});

export const PANEL_ROUTES: readonly PanelRoute[] = [
  view('dashboard', 'Dashboard', null),
  view('profile', 'My Account', null),
  view('subscriber', 'Subscriber', 'Subscribe'),
  view('contact', 'Contact', 'Contact'),
  view('suggestion', 'Suggestion', 'Suggestion'),
  view('banner', 'Banner', 'Banner'),
  insert('banner/upsert/:id?', 'Banner', 'Banner'),
  view('noncert', 'Non-certified stones', 'NonCert'),
  insert('noncert/upsert/:id?', 'Non-certified stone', 'NonCert'),
  insert('noncert/criteria/:id?', 'Non-certified criteria', 'NonCert'),
  view('noncertdetails/:id?', 'Non-certified details', 'NonCert'),
  view('noncertdetails/upsert/:id?', 'Non-certified details', 'NonCert'),
  view('cert', 'Certified layouts', 'CertLayout'),
  // The spec gates the layout form by NonCert; its calls all need CertLayout, so the form does too. It
  // opens with view: it shows a saved layout to those who may only read it, and saves what the user may.
  view('cert/upsert/:id?', 'Certified layout', 'CertLayout'),
  view('layout-master', 'Layout master', 'CertLayout'),
  view('Upload-Stock', 'Upload stock', 'UploadStock'),
  view('location', 'Location', 'Location'),
  insert('location/upsert/:id?', 'Location', 'Location'),
  view('master/main-master', 'Main master', 'Main Masters'),
  insert('master/sub-master/:id?', 'Sub master', 'Sub Masters'),
  insert('product/:id?', 'Product master', 'Product Master'),
  view('account', 'Company', 'Account'),
  view('account-details/:id?', 'Company details', 'Account'),
  view('user', 'User', 'User'),
  view('permission/:user?/:id?', 'Permission', 'User'),
  view('rolemaster', 'Role master', 'User'),
  view('show', 'Show', 'Show'),
  view('popup', 'Popup', 'Popup'),
  insert('show/upsert/:id?', 'Show', 'Show'),
  insert('popup/upsert/:id?', 'Popup', 'Popup'),
  view('size-master', 'Size master', 'Size Masters'),
  view('page-tracking', 'Page tracking', 'Page Tracking'),
  view('guest', 'Guest', 'Guest'),
  view('terms', 'Terms', 'Terms'),
  view('country/:id?', 'Country', 'Country'),
  view('state/:id?', 'State', 'State'),
  view('city/:id?/:countryId?', 'City', 'City'),
  view('stock', 'Stock', 'Stock Master'),
  view('parcel-master', 'Parcel master', 'Parcel Master'),
  view('parcel/order', 'Parcel order', 'Parcel Order'),
  view('feedback', 'Feedback', 'Feedback'),
  insert('cart/:id?', 'Cart', 'Cart'),
  insert('watchlist/:id?', 'Watchlist', 'Watchlist'),
  insert('reminder/:id?', 'Reminder', 'Reminder'),
  insert('enquiry/:id?', 'Enquiry', 'Enquiry'),
  insert('comment/:id?', 'Comment', 'Comment'),
  view('cabin', 'Cabin', 'Cabin'),
  view('slot', 'Slot', 'Slot'),
  view('schedule', 'Schedule', 'Schedule'),
  view('appointment-list', 'Appointment list', 'Cabin'),
  view('notification-setting', 'Notification setting', 'Notification Settings'),
  view('notification/upsert/:id?', 'Notification', 'Notification Settings'),
  view('version-apk', 'App version', 'Version'),
  view('report', 'Login report', 'Login'),
  view('login-summary', 'Login summary', 'Search Summary'),
  view('search-summary', 'Search summary', 'Search Summary'),
  view('summary', 'Summary', 'Summary'),
  view('platform', 'Platform', 'Platform'),
  view('general-setting', 'General setting', 'General Settings'),
  view('transport', 'Transport', 'Transport'),
  view('hospitality', 'Hospitality', 'Hospitality'),
  view('career', 'Career', 'Career'),
  view('search-history', 'Search history', 'Search History'),
  view('layout-search', 'Layout search', 'Layout Search'),
  view('Four-C', '4 C search', '4 C'),
  view('sale/summary', 'Search vs sold', 'Search vs Sold'),
  view('hit-counter', 'Hit counter', 'Hit Counter'),
  view('sync-setting', 'Sync setting', 'Sync Setting'),
  view('diamond-journey', 'Diamond journey', 'Diamond Journey'),
  // Ungated in the legacy panel; Facet gates those that show data by the module their data belongs to.
  view('gridcolumn', 'Grid column', 'Grid Column'),
  view('featured-stone', 'Featured stones', 'Dashboard Stone'),
  view('setting', 'Setting', 'Notification Settings'),
  view('settingtable', 'Setting table', 'Notification Settings'),
  view('ex', 'Example', null),
  view('portfolio', 'Portfolio', null),
];

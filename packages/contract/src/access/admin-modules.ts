/**
 * Admin permission modules: every module that gates a screen of spec section 2, with an id that never
 * changes once released (stored permissions refer to it). New modules take the next free id.
 */
export const ADMIN_ACTIONS = ['view', 'insert', 'update', 'delete'] as const;
export type AdminAction = (typeof ADMIN_ACTIONS)[number];

export const ADMIN_MODULES = [
  { id: 1, module: 'Login', title: 'Login report' },
  { id: 2, module: 'Subscribe', title: 'Subscriber' },
  { id: 3, module: 'Contact', title: 'Contact' },
  { id: 4, module: 'Suggestion', title: 'Suggestion' },
  { id: 5, module: 'Banner', title: 'Banner' },
  { id: 6, module: 'NonCert', title: 'Non-certified stones' },
  { id: 7, module: 'CertLayout', title: 'Certified layouts' },
  { id: 8, module: 'UploadStock', title: 'Upload stock' },
  { id: 9, module: 'Location', title: 'Location' },
  { id: 10, module: 'Main Masters', title: 'Main masters' },
  { id: 11, module: 'Sub Masters', title: 'Sub masters' },
  { id: 12, module: 'Product Master', title: 'Product master' },
  { id: 13, module: 'Account', title: 'Company' },
  { id: 14, module: 'User', title: 'User' },
  { id: 15, module: 'Show', title: 'Show' },
  { id: 16, module: 'Popup', title: 'Popup' },
  { id: 17, module: 'Size Masters', title: 'Size master' },
  { id: 18, module: 'Page Tracking', title: 'Page tracking' },
  { id: 19, module: 'Guest', title: 'Guest' },
  { id: 20, module: 'Terms', title: 'Terms' },
  { id: 21, module: 'Country', title: 'Country' },
  { id: 22, module: 'State', title: 'State' },
  { id: 23, module: 'City', title: 'City' },
  { id: 24, module: 'Stock Master', title: 'Stock' },
  { id: 25, module: 'Parcel Master', title: 'Parcel master' },
  { id: 26, module: 'Parcel Order', title: 'Parcel order' },
  { id: 27, module: 'Feedback', title: 'Feedback' },
  { id: 28, module: 'Cart', title: 'Cart' },
  { id: 29, module: 'Watchlist', title: 'Watchlist' },
  { id: 30, module: 'Reminder', title: 'Reminder' },
  { id: 31, module: 'Enquiry', title: 'Enquiry' },
  { id: 32, module: 'Comment', title: 'Comment' },
  { id: 33, module: 'Cabin', title: 'Cabin' },
  { id: 34, module: 'Slot', title: 'Slot' },
  { id: 35, module: 'Schedule', title: 'Schedule' },
  { id: 36, module: 'Notification Settings', title: 'Notification settings' },
  { id: 37, module: 'Version', title: 'App version' },
  { id: 38, module: 'Search Summary', title: 'Search summary' },
  { id: 39, module: 'Summary', title: 'Summary' },
  { id: 40, module: 'Platform', title: 'Platform' },
  { id: 41, module: 'General Settings', title: 'General settings' },
  { id: 42, module: 'Transport', title: 'Transport' },
  { id: 43, module: 'Hospitality', title: 'Hospitality' },
  { id: 44, module: 'Career', title: 'Career' },
  { id: 45, module: 'Search History', title: 'Search history' },
  { id: 46, module: 'Layout Search', title: 'Layout search' },
  { id: 47, module: '4 C', title: '4 C search' },
  { id: 48, module: 'Search vs Sold', title: 'Search vs sold' },
  { id: 49, module: 'Hit Counter', title: 'Hit counter' },
  { id: 50, module: 'Sync Setting', title: 'Sync setting' },
  { id: 51, module: 'Diamond Journey', title: 'Diamond journey' },
  { id: 52, module: 'Dashboard Stone', title: 'Featured stones' },
  { id: 53, module: 'Grid Column', title: 'Grid columns' },
  { id: 201, module: 'sync', title: 'Synchronisation' },
  { id: 202, module: 'UserActive', title: 'Activate and deactivate users' },
  { id: 203, module: 'UserResetpass', title: 'Reset user passwords' },
  { id: 204, module: 'UserPagePermission', title: 'User page permissions' },
] as const;

export type AdminModuleName = (typeof ADMIN_MODULES)[number]['module'];
export type AdminModuleId = (typeof ADMIN_MODULES)[number]['id'];

export const ADMIN_MODULE_BY_NAME = new Map<AdminModuleName, (typeof ADMIN_MODULES)[number]>(
  ADMIN_MODULES.map((entry) => [entry.module, entry]),
);

export type AdminPermissionFlags = Record<AdminAction, boolean>;

/** Stored permission list item (spec section 3): module, title, id and the per-action flags. */
export interface AdminPermissionEntry {
  id: number;
  module: AdminModuleName;
  title: string;
  permissions: AdminPermissionFlags;
}

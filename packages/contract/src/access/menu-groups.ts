/**
 * Icons of the sidebar, by key: the contract names them and stays free of React; the panel maps each key
 * to its icon component (apps/web/src/platform/shell/menu-icons.tsx).
 */
export const MENU_ICON_KEYS = [
  'dashboard',
  'masters',
  'customer',
  'report',
  'marketing',
  'appointment',
  'stockSummary',
  'forum',
  'setting',
  'service',
  'parcel',
] as const;
export type MenuIconKey = (typeof MENU_ICON_KEYS)[number];

/**
 * The sidebar's groups, in their order. A module places its screens in a group by name; a group shows
 * when the user may open any of its entries.
 */
export const MENU_GROUPS = [
  { id: 100, name: 'Masters', icon: 'masters' },
  { id: 200, name: 'Customer', icon: 'customer' },
  { id: 300, name: 'Report', icon: 'report' },
  { id: 400, name: 'Marketing', icon: 'marketing' },
  { id: 500, name: 'Appointment', icon: 'appointment' },
  { id: 600, name: 'Stock Summary', icon: 'stockSummary' },
  { id: 700, name: 'Forum', icon: 'forum' },
  { id: 800, name: 'Setting', icon: 'setting' },
  { id: 900, name: 'Converge Service', icon: 'service' },
  { id: 1000, name: 'Parcel', icon: 'parcel' },
] as const satisfies readonly { id: number; name: string; icon: MenuIconKey }[];

export type MenuGroupName = (typeof MENU_GROUPS)[number]['name'];

/**
 * The sidebar's groups, in their order. A module places its screens in a group by name; a group shows
 * when the user may open any of its entries.
 */
export const MENU_GROUPS = [
  { id: 100, name: 'Masters' },
  { id: 200, name: 'Customer' },
  { id: 300, name: 'Report' },
  { id: 400, name: 'Marketing' },
  { id: 500, name: 'Appointment' },
  { id: 600, name: 'Stock Summary' },
  { id: 700, name: 'Forum' },
  { id: 800, name: 'Setting' },
  { id: 900, name: 'Converge Service' },
  { id: 1000, name: 'Parcel' },
] as const;

export type MenuGroupName = (typeof MENU_GROUPS)[number]['name'];

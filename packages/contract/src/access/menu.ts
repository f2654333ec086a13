import type { AdminModuleName } from './admin-modules.ts';
import type { MenuGroupName, MenuIconKey } from './menu-groups.ts';

/**
 * Sidebar tree of spec section 2. Leaves link to a panel route; groups show when any child shows. The
 * tree (MENU) is assembled from the modules' menu placements.
 */
export interface MenuItem {
  id: number;
  name: string;
  /** Relative to `/hkadmin/`. */
  path?: string;
  /** A leaf's panel route as PANEL_ROUTES names it (`country/:id?`), which the panel's screens are keyed by. */
  route?: string;
  /** A leaf drawn by the resource engine (a resource's view) rather than by a screen its feature writes. */
  resourceView?: boolean;
  /** Null: every signed-in user sees it. */
  module?: AdminModuleName | null;
  /** Groups and top-level entries carry one. */
  icon?: MenuIconKey;
  children?: MenuItem[];
}

/** Where a screen sits in the sidebar: a group (or the top level) and an id that orders it there. */
export interface MenuPlacement {
  group: MenuGroupName | null;
  id: number;
  name: string;
  /** A top-level entry's icon; an entry in a group shows its group's. */
  icon?: MenuIconKey;
}

import type { AdminModuleName } from './admin-modules.ts';
import type { MenuGroupName } from './menu-groups.ts';

/**
 * Sidebar tree of spec section 2. Leaves link to a panel route; groups show when any child shows. The
 * tree (MENU) is assembled from the modules' menu placements.
 */
export interface MenuItem {
  id: number;
  name: string;
  /** Relative to `/hkadmin/`. */
  path?: string;
  /** Null: every signed-in user sees it. */
  module?: AdminModuleName | null;
  children?: MenuItem[];
}

/** Where a screen sits in the sidebar: a group (or the top level) and an id that orders it there. */
export interface MenuPlacement {
  group: MenuGroupName | null;
  id: number;
  name: string;
}

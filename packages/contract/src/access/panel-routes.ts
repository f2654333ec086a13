import type { AdminAction, AdminModuleName } from './admin-modules.ts';

/** Every panel root; protected screens live under it. */
export const PANEL_BASE = '/hkadmin';

/**
 * A protected route of the panel, relative to `/hkadmin/`, with the module and action that open it.
 * `module: null` means any signed-in user: the dashboard (the landing page every guard falls back to),
 * the profile, and the template leftovers that show no data. The list (PANEL_ROUTES) is assembled from
 * the modules: each resource view and each screen a feature declares.
 */
export interface PanelRoute {
  path: string;
  title: string;
  module: AdminModuleName | null;
  action: AdminAction;
}

import { PANEL_ROUTES, type PanelRoute } from '@facet/contract';
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { panelRouteLoader } from './route-loaders.ts';

export interface PanelRouteHandle {
  title: string;
}

type ScreenLoader = () => Promise<ComponentType>;

/** Screens built so far, by PANEL_ROUTES path; every other route shows the placeholder. */
const SCREENS: Partial<Record<string, ScreenLoader>> = {
  dashboard: () => import('../pages/dashboard-page.tsx').then((module) => module.DashboardPage),
  profile: () => import('../pages/profile-page.tsx').then((module) => module.ProfilePage),
  user: () => import('../users/user-page.tsx').then((module) => module.UserPage),
  guest: () => import('../users/guest-page.tsx').then((module) => module.GuestPage),
  rolemaster: () => import('../roles/role-page.tsx').then((module) => module.RolePage),
  'permission/:user?/:id?': () =>
    import('../permissions/permission-page.tsx').then((module) => module.PermissionPage),
};

const placeholder: ScreenLoader = () =>
  import('../pages/placeholder-page.tsx').then((module) => module.PlaceholderPage);

function toRouteObject(route: PanelRoute): RouteObject {
  const loadScreen = SCREENS[route.path] ?? placeholder;
  const handle: PanelRouteHandle = { title: route.title };
  return {
    path: route.path,
    handle,
    loader: panelRouteLoader(route),
    lazy: async () => ({ Component: await loadScreen() }),
  };
}

/** Every protected route of the contract, each behind its own permission check. */
export const panelRouteObjects: RouteObject[] = PANEL_ROUTES.map(toRouteObject);

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
  'account-details/:id?': () =>
    import('../accounts/account-details-page.tsx').then((module) => module.AccountDetailsPage),
  'permission/:user?/:id?': () =>
    import('../permissions/permission-page.tsx').then((module) => module.PermissionPage),
  'notification/upsert/:id?': () =>
    import('../notifications/send-notification-page.tsx').then((module) => module.SendNotificationPage),
  stock: () => import('../stock/stock-page.tsx').then((module) => module.StockPage),
  'noncert/upsert/:id?': () => import('../noncert/lot-form-page.tsx').then((module) => module.LotFormPage),
  'noncert/criteria/:id?': () => import('../noncert/criteria-page.tsx').then((module) => module.CriteriaPage),
  'noncertdetails/upsert/:id?': () =>
    import('../noncert/diamond-form-page.tsx').then((module) => module.DiamondFormPage),
  cert: () => import('../layouts/layout-list-page.tsx').then((module) => module.LayoutListPage),
  'cert/upsert/:id?': () => import('../layouts/layout-form-page.tsx').then((module) => module.LayoutFormPage),
  'diamond-journey': () =>
    import('../journey/diamond-journey-page.tsx').then((module) => module.DiamondJourneyPage),
  'comment/:id?': () => import('../stock-summary/comment-page.tsx').then((module) => module.CommentPage),
  'search-history': () =>
    import('../search-history/search-history-page.tsx').then((module) => module.SearchHistoryPage),
  'Upload-Stock': () =>
    import('../stock-upload/stock-upload-page.tsx').then((module) => module.StockUploadPage),
};

/**
 * Any other route: a view of a resource of the contract's catalogue (the generic list screen), else the
 * placeholder. The catalogue is looked up inside the lazy chunk, so sign-in never downloads it.
 */
const resourceOrPlaceholder =
  (path: string): ScreenLoader =>
  async () => {
    const { resourceScreenFor } = await import('../resources/resource-route.tsx');
    const screen = resourceScreenFor(path);
    if (screen) return screen;
    return (await import('../pages/placeholder-page.tsx')).PlaceholderPage;
  };

function toRouteObject(route: PanelRoute): RouteObject {
  const loadScreen = SCREENS[route.path] ?? resourceOrPlaceholder(route.path);
  const handle: PanelRouteHandle = { title: route.title };
  return {
    path: route.path,
    handle,
    loader: panelRouteLoader(route),
    // A list's filters, sort and page live in the search params: changing only them is no new screen,
    // so it neither waits for nor repeats the permission refresh. Any other navigation refreshes.
    shouldRevalidate: ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
      currentUrl.pathname === nextUrl.pathname && currentUrl.search !== nextUrl.search
        ? false
        : defaultShouldRevalidate,
    lazy: async () => ({ Component: await loadScreen() }),
  };
}

/** Every protected route of the contract, each behind its own permission check. */
export const panelRouteObjects: RouteObject[] = PANEL_ROUTES.map(toRouteObject);

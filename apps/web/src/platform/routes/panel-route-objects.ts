import type { PanelRoute } from '@facet/contract';
import type { RouteObject } from 'react-router';
import type { PanelRouteHandle } from '../app/paths.ts';
import type { ScreenLoader } from '../modules/web-module.ts';
import type { WebModuleIndex } from '../modules/web-module-index.ts';
import { panelRouteLoader } from './route-loaders.ts';

/** The platform's own screens; the features' come from their web modules. */
export const PLATFORM_SCREENS: Readonly<Record<string, ScreenLoader>> = {
  dashboard: () => import('../pages/dashboard-page.tsx').then((module) => module.DashboardPage),
};

/** The resource screens' one chunk, which screen-prefetch.ts also fetches ahead of the route table. */
export const loadResourceRoute = () => import('../resources/resource-route.tsx');

/**
 * Any other route: a view of a resource of the contract's catalogue (the generic list screen), else the
 * placeholder. Every resource view shares the one engine chunk.
 */
const resourceOrPlaceholder =
  (path: string): ScreenLoader =>
  async () => {
    const { resourceScreenFor } = await loadResourceRoute();
    const screen = resourceScreenFor(path);
    if (screen) return screen;
    return (await import('../pages/placeholder-page.tsx')).PlaceholderPage;
  };

function toRouteObject(route: PanelRoute, loadScreen: ScreenLoader): RouteObject {
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

/** Every protected route of the contract (panel-route-table.ts), each behind its own permission check. */
export function panelRouteObjects(routes: readonly PanelRoute[], modules: WebModuleIndex): RouteObject[] {
  return routes.map((route) =>
    toRouteObject(
      route,
      PLATFORM_SCREENS[route.path] ?? modules.screens.get(route.path) ?? resourceOrPlaceholder(route.path),
    ),
  );
}

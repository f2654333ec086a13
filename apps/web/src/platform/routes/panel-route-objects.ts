import type { PanelRoute } from '@facet/contract';
import type { RouteObject } from 'react-router';
import type { PanelRouteHandle } from '../app/paths.ts';
import type { ScreenLoader } from '../modules/web-module.ts';
import type { WebModuleIndex } from '../modules/web-module-index.ts';
import { PLATFORM_SCREENS } from '../pages/platform-screens.ts';
import { RouteErrorBoundary } from './route-error-boundary.tsx';
import { panelRouteLoader } from './route-loaders.ts';

/** The resource screens' one chunk, which screen-prefetch.ts also fetches ahead of the route table. */
export const loadResourceRoute = () => import('../resources/resource-route.tsx');

/**
 * Any other route: a view of a resource of the contract's catalogue (the generic list screen). A route
 * whose screen is not built yet is left out of the menu, and a link to it finds the not-found page. Every
 * resource view shares the one engine chunk.
 */
const resourceOrNotFound =
  (path: string): ScreenLoader =>
  async () => {
    const { resourceScreenFor } = await loadResourceRoute();
    const screen = resourceScreenFor(path);
    if (screen) return screen;
    return (await import('../pages/not-found-page.tsx')).NotFoundPage;
  };

function toRouteObject(route: PanelRoute, loadScreen: ScreenLoader): RouteObject {
  const handle: PanelRouteHandle = { title: route.title, route: route.path };
  return {
    path: route.path,
    handle,
    loader: panelRouteLoader(route),
    // Inside the frame: a screen that failed (or may not be opened) keeps the menu, and the next
    // navigation leaves the error behind.
    ErrorBoundary: RouteErrorBoundary,
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
      PLATFORM_SCREENS[route.path] ?? modules.screens.get(route.path) ?? resourceOrNotFound(route.path),
    ),
  );
}

import { createBrowserRouter } from 'react-router';
import { prefetchLoginUser } from '../api/login-user-prefetch.ts';
import type { WebModule } from '../modules/web-module.ts';
import { indexWebModules } from '../modules/web-module-index.ts';
import { getToken } from '../session/session-store.ts';
import { appRoutes, PANEL_BASE_ROUTE_ID, PANEL_LAYOUT_ROUTE_ID } from './app-routes.tsx';
import { panelRouteObjects } from './panel-route-objects.ts';
import { prefetchPanelScreen } from './screen-prefetch.ts';

/**
 * The panel's router, built from the list of web modules main.tsx hands in. Until the first panel
 * navigation every protected path matches only the layout's not-found splat, whose param makes the router
 * ask patchRoutesOnNavigation (as does any unknown path, every time): the first one under `/hkadmin`
 * fetches the contract's route table (and the catalogue with it) and patches the protected routes in,
 * and, signed in, starts the screen's download and the login user's request beside it.
 */
export function createAppRouter(modules: readonly WebModule[]) {
  const index = indexWebModules(modules);
  let panelRoutesPatched = false;
  return createBrowserRouter(appRoutes(index), {
    async patchRoutesOnNavigation({ path, matches, patch, signal }) {
      // The partial matches stop at the last route with a path: `/hkadmin`, not its pathless layout.
      if (panelRoutesPatched || !matches.some((match) => match.route.id === PANEL_BASE_ROUTE_ID)) return;
      // What the screen waits for besides the route table, asked for now rather than after it has come.
      if (getToken()) {
        prefetchPanelScreen(path.split(/[?#]/)[0] as string, index);
        prefetchLoginUser();
      }
      const { PANEL_ROUTES } = await import('./panel-route-table.ts');
      // An interrupted navigation's patch is dropped by the router; the next one patches instead.
      if (panelRoutesPatched || signal.aborted) return;
      patch(PANEL_LAYOUT_ROUTE_ID, panelRouteObjects(PANEL_ROUTES, index));
      panelRoutesPatched = true;
    },
  });
}

import { createBrowserRouter } from 'react-router';
import type { WebModule } from '../modules/web-module.ts';
import { indexWebModules } from '../modules/web-module-index.ts';
import { appRoutes, PANEL_BASE_ROUTE_ID, PANEL_LAYOUT_ROUTE_ID } from './app-routes.tsx';
import { panelRouteObjects } from './panel-route-objects.ts';

/**
 * The panel's router, built from the list of web modules main.tsx hands in. Until the first panel
 * navigation every protected path matches only the layout's not-found splat, whose param makes the router
 * ask patchRoutesOnNavigation (as does any unknown path, every time): the first one under `/hkadmin`
 * fetches the contract's route table (and the catalogue with it) and patches the protected routes in.
 */
export function createAppRouter(modules: readonly WebModule[]) {
  const index = indexWebModules(modules);
  let panelRoutesPatched = false;
  return createBrowserRouter(appRoutes(index), {
    async patchRoutesOnNavigation({ matches, patch, signal }) {
      // The partial matches stop at the last route with a path: `/hkadmin`, not its pathless layout.
      if (panelRoutesPatched || !matches.some((match) => match.route.id === PANEL_BASE_ROUTE_ID)) return;
      const { PANEL_ROUTES } = await import('./panel-route-table.ts');
      // An interrupted navigation's patch is dropped by the router; the next one patches instead.
      if (panelRoutesPatched || signal.aborted) return;
      patch(PANEL_LAYOUT_ROUTE_ID, panelRouteObjects(PANEL_ROUTES, index));
      panelRoutesPatched = true;
    },
  });
}

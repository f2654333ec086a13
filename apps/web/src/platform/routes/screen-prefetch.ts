import { matchPath } from 'react-router';
import { panelPath } from '../app/paths.ts';
import type { WebModuleIndex } from '../modules/web-module-index.ts';
import { PLATFORM_SCREENS } from '../pages/platform-screens.ts';
import { loadResourceRoute } from './panel-route-objects.ts';

/**
 * Starts downloading the screen of a panel path while the route table that names it is still on its way,
 * so a bookmark's first load fetches both at once instead of one after the other (docs/performance.md,
 * "Cold load"). The router loads the screen again through the route table; the browser hands it the
 * module it already has. A path no module's screen matches is a resource view (or a route with no screen, or
 * not found): the resource screens' chunk is fetched, at worst for nothing.
 */
export function prefetchPanelScreen(pathname: string, modules: WebModuleIndex): void {
  const screens = [...Object.entries(PLATFORM_SCREENS), ...modules.screens];
  const match = screens.find(([route]) => matchPath(panelPath(route), pathname));
  const load = match ? match[1] : loadResourceRoute;
  // A failure here is the router's to report when it loads the screen itself.
  load().catch(() => undefined);
}

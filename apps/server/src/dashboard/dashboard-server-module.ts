import { defineServerModule } from '../modules/server-module.ts';
import { dashboardRoutes } from './dashboard-routes.ts';
import { waitingTile } from './waiting-tile.ts';

/** The landing screen's figures: every feature fills its own tiles; this answers them in one request. */
export const dashboardServerModule = defineServerModule({
  name: 'dashboard',
  routes: dashboardRoutes,
  dashboardTiles: { waiting: waitingTile },
});

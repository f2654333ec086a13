import { defineServerModule } from '../modules/server-module.ts';
import { ensureLastSyncRows } from './last-sync-rows.ts';
import { syncTile } from './sync-dashboard.ts';
import { syncRoutes } from './sync-routes.ts';

export const syncServerModule = defineServerModule({
  name: 'sync',
  routes: syncRoutes,
  onStart: ({ db }) => ensureLastSyncRows(db),
  dashboardTiles: { sync: syncTile },
});

import { defineServerModule } from '../modules/server-module.ts';
import { layoutMasterRoutes } from './layout-master-routes.ts';
import { layoutRoutes } from './layout-routes.ts';

export const layoutsServerModule = defineServerModule({
  name: 'layouts',
  routes: (ctx) => [...layoutRoutes(ctx), ...layoutMasterRoutes(ctx)],
  tableRows: { layouts: { one: 'layout', many: 'layouts' } },
});

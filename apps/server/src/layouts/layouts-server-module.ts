import { defineServerModule } from '../modules/server-module.ts';
import { customerLayoutSearchRoutes } from './customer-layout-search.ts';
import { layoutMasterRoutes } from './layout-master-routes.ts';
import { layoutRoutes } from './layout-routes.ts';

export const layoutsServerModule = defineServerModule({
  name: 'layouts',
  routes: (ctx) => [...layoutRoutes(ctx), ...layoutMasterRoutes(ctx), ...customerLayoutSearchRoutes(ctx)],
  tableRows: { layouts: { one: 'layout', many: 'layouts' } },
});

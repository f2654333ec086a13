import { defineServerModule } from '../modules/server-module.ts';
import { healthRoutes } from './health-routes.ts';

export const healthServerModule = defineServerModule({
  name: 'health',
  routes: (ctx) => healthRoutes(ctx.database),
});

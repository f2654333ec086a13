import { defineServerModule } from '../modules/server-module.ts';
import { gridRoutes } from './grid-routes.ts';

export const gridServerModule = defineServerModule({
  name: 'grid',
  routes: gridRoutes,
});

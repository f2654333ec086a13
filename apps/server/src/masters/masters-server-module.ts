import { defineServerModule } from '../modules/server-module.ts';
import { listByCodeRoutes } from './list-by-code-route.ts';

export const mastersServerModule = defineServerModule({
  name: 'masters',
  routes: listByCodeRoutes,
});

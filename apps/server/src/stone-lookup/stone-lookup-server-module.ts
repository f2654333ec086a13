import { defineServerModule } from '../modules/server-module.ts';
import { stoneLookupRoutes } from './stone-lookup-routes.ts';

export const stoneLookupServerModule = defineServerModule({
  name: 'stone-lookup',
  routes: stoneLookupRoutes,
});

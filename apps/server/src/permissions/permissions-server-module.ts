import { defineServerModule } from '../modules/server-module.ts';
import { permissionRoutes } from './permission-routes.ts';

export const permissionsServerModule = defineServerModule({
  name: 'permissions',
  routes: permissionRoutes,
});

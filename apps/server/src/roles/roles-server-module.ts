import { defineServerModule } from '../modules/server-module.ts';
import { roleRoutes } from './role-routes.ts';

export const rolesServerModule = defineServerModule({
  name: 'roles',
  routes: roleRoutes,
});

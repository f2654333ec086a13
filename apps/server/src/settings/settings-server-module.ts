import { defineServerModule } from '../modules/server-module.ts';
import { settingRoutes } from './setting-routes.ts';

export const settingsServerModule = defineServerModule({
  name: 'settings',
  routes: settingRoutes,
});

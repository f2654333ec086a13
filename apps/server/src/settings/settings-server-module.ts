import { settingResource } from '@facet/contract';
import { defineServerModule } from '../modules/server-module.ts';
import { settingHooks } from './setting-hooks.ts';
import { settingRoutes } from './setting-routes.ts';

export const settingsServerModule = defineServerModule({
  name: 'settings',
  routes: settingRoutes,
  resourceHooks: { [settingResource.name]: settingHooks },
});

import { defineModule } from '../modules/contract-module.ts';
import { appVersionResource, platformResource } from './apps.ts';
import { APPS_PERMISSIONS } from './apps-permissions.ts';

/** The mobile apps: their versions and platforms. */
export const appsModule = defineModule({
  name: 'apps',
  permissions: APPS_PERMISSIONS,
  resources: [appVersionResource, platformResource],
});

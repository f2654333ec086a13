import { defineModule } from '../modules/contract-module.ts';
import { appVersionResource, platformResource } from './apps.ts';

/** The mobile apps: their versions and platforms. */
export const appsModule = defineModule({
  name: 'apps',
  permissions: [
    { id: 37, module: 'Version', title: 'App version' },
    { id: 40, module: 'Platform', title: 'Platform' },
  ],
  resources: [appVersionResource, platformResource],
});

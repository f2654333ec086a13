import { defineModule } from '../modules/contract-module.ts';
import { hospitalityResource, pageTrackingResource, transportResource } from './services.ts';
import { SERVICES_PERMISSIONS } from './services-permissions.ts';

/** Services to visiting buyers (transport, hospitality) and page tracking. */
export const servicesModule = defineModule({
  name: 'services',
  permissions: SERVICES_PERMISSIONS,
  resources: [transportResource, hospitalityResource, pageTrackingResource],
});

import { defineModule } from '../modules/contract-module.ts';
import { hospitalityResource, pageTrackingResource, transportResource } from './services.ts';

/** Services to visiting buyers (transport, hospitality) and page tracking. */
export const servicesModule = defineModule({
  name: 'services',
  permissions: [
    { id: 18, module: 'Page Tracking', title: 'Page tracking' },
    { id: 42, module: 'Transport', title: 'Transport' },
    { id: 43, module: 'Hospitality', title: 'Hospitality' },
  ],
  resources: [transportResource, hospitalityResource, pageTrackingResource],
});

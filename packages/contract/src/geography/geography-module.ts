import { defineModule } from '../modules/contract-module.ts';
import { cityResource, countryResource, stateResource } from './geography.ts';
import { GEOGRAPHY_PERMISSIONS } from './geography-permissions.ts';

/** Countries, states and cities. */
export const geographyModule = defineModule({
  name: 'geography',
  permissions: GEOGRAPHY_PERMISSIONS,
  resources: [countryResource, stateResource, cityResource],
});

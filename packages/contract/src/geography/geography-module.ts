import { defineModule } from '../modules/contract-module.ts';
import { cityResource, countryResource, stateResource } from './geography.ts';

/** Countries, states and cities. */
export const geographyModule = defineModule({
  name: 'geography',
  permissions: [
    { id: 21, module: 'Country', title: 'Country' },
    { id: 22, module: 'State', title: 'State' },
    { id: 23, module: 'City', title: 'City' },
  ],
  resources: [countryResource, stateResource, cityResource],
});

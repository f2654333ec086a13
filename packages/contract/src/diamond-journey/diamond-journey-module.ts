import { defineModule } from '../modules/contract-module.ts';
import { diamondJourneyEventResource } from './diamond-journey.ts';
import { DIAMOND_JOURNEY_ENDPOINTS } from './diamond-journey-endpoints.ts';

/** The story of a stone, event by event. */
export const diamondJourneyModule = defineModule({
  name: 'diamond-journey',
  permissions: [{ id: 51, module: 'Diamond Journey', title: 'Diamond journey' }],
  resources: [diamondJourneyEventResource],
  endpoints: [DIAMOND_JOURNEY_ENDPOINTS],
  screens: [
    {
      path: 'diamond-journey',
      title: 'Diamond journey',
      module: 'Diamond Journey',
      menu: { group: 'Stock Summary', id: 606, name: 'Diamond Journey' },
    },
  ],
});

import { defineModule } from '../modules/contract-module.ts';
import { DIAMOND_JOURNEY_ENDPOINTS } from './diamond-journey-endpoints.ts';
import { DIAMOND_JOURNEY_PERMISSIONS } from './diamond-journey-permissions.ts';
import { diamondJourneyEventResource } from './journey-event-resource.ts';

/** The story of a stone, event by event. */
export const diamondJourneyModule = defineModule({
  name: 'diamond-journey',
  permissions: DIAMOND_JOURNEY_PERMISSIONS,
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

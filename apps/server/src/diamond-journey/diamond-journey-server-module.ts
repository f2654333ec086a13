import { diamondJourneyEventResource } from '@facet/contract';
import { defineServerModule } from '../modules/server-module.ts';
import { diamondJourneyRoutes } from './diamond-journey-routes.ts';
import { journeyEventHooks } from './journey-hooks.ts';

export const diamondJourneyServerModule = defineServerModule({
  name: 'diamond-journey',
  routes: diamondJourneyRoutes,
  resourceHooks: { [diamondJourneyEventResource.name]: journeyEventHooks },
});

import { nonCertDiamondResource } from '@facet/contract';
import { defineServerModule } from '../modules/server-module.ts';
import { nonCertDiamondHooks } from './diamond-pricing.ts';
import { nonCertRoutes } from './noncert-routes.ts';

export const noncertServerModule = defineServerModule({
  name: 'noncert',
  routes: nonCertRoutes,
  resourceHooks: { [nonCertDiamondResource.name]: nonCertDiamondHooks },
});

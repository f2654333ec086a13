import { nonCertDiamondResource } from '@facet/contract';
import { defineServerModule } from '../modules/server-module.ts';
import { nonCertDiamondHooks } from './diamond-pricing.ts';
import { nonCertRoutes } from './noncert-routes.ts';

export const noncertServerModule = defineServerModule({
  name: 'noncert',
  routes: nonCertRoutes,
  // A lot's criteria rows keep the grades and sizes they name in use.
  tableRows: { non_cert_criteria: { one: 'lot criteria row', many: 'lot criteria rows' } },
  resourceHooks: { [nonCertDiamondResource.name]: nonCertDiamondHooks },
});

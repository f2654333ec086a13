import { stoneResource } from '@facet/contract';
import { defineServerModule } from '../modules/server-module.ts';
import { stockTile } from './stock-dashboard.ts';
import { stoneHooks } from './stone-hooks.ts';

export const stockServerModule = defineServerModule({
  name: 'stock',
  // Stones are read and written through the resource engine; their pricing and search log are hooks.
  resourceHooks: { [stoneResource.name]: stoneHooks },
  dashboardTiles: { stock: stockTile },
});

import { defineModule } from '../modules/contract-module.ts';
import { STOCK_PERMISSIONS } from './stock-permissions.ts';
import { stoneResource } from './stone.ts';

/** The stone stock and its search. */
export const stockModule = defineModule({
  name: 'stock',
  permissions: STOCK_PERMISSIONS,
  resources: [stoneResource],
});

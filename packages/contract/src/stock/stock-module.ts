import { defineModule } from '../modules/contract-module.ts';
import { stoneResource } from './stone.ts';

/** The stone stock and its search. */
export const stockModule = defineModule({
  name: 'stock',
  permissions: [{ id: 24, module: 'Stock Master', title: 'Stock' }],
  resources: [stoneResource],
});

import { defineModule } from '../modules/contract-module.ts';
import { STONE_LOOKUP_ENDPOINTS } from './stone-lookup-endpoints.ts';

/** Finding a stone by any of its numbers, for the pickers of other screens. */
export const stoneLookupModule = defineModule({
  name: 'stone-lookup',
  endpoints: [STONE_LOOKUP_ENDPOINTS],
});

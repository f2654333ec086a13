import { defineModule } from '../modules/contract-module.ts';
import { featuredStoneResource } from './featured-stone.ts';
import { FEATURED_STONES_PERMISSIONS } from './featured-stones-permissions.ts';

/** Stones featured on the website's dashboard. */
export const featuredStonesModule = defineModule({
  name: 'featured-stones',
  permissions: FEATURED_STONES_PERMISSIONS,
  resources: [featuredStoneResource],
});

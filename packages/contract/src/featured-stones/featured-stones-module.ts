import { defineModule } from '../modules/contract-module.ts';
import { featuredStoneResource } from './featured-stone.ts';

/** Stones featured on the website's dashboard. */
export const featuredStonesModule = defineModule({
  name: 'featured-stones',
  permissions: [{ id: 52, module: 'Dashboard Stone', title: 'Featured stones' }],
  resources: [featuredStoneResource],
});

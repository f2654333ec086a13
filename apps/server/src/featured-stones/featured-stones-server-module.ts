import { featuredStoneResource } from '@facet/contract';
import { defineServerModule } from '../modules/server-module.ts';
import { featuredStoneHooks } from './featured-stone-hooks.ts';
import { warnOfUnmatchedFeaturedStones } from './unmatched-featured-stones.ts';

export const featuredStonesServerModule = defineServerModule({
  name: 'featured-stones',
  resourceHooks: { [featuredStoneResource.name]: featuredStoneHooks },
  onStart: ({ db, log }) => warnOfUnmatchedFeaturedStones(db, log),
});

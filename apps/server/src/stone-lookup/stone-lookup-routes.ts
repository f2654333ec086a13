import { STONE_LOOKUP_ENDPOINTS } from '@facet/contract';
import type { AppContext } from '../app-context.ts';
import { ok } from '../http/envelope.ts';
import { implement } from '../http/route.ts';
import { lookUpStones } from './stone-lookup-queries.ts';

/**
 * `POST apis/diamond/lookup`. Open to every module whose screens pick a stone: a stone's identity and
 * grades are what those screens show anyway, and the lookup is not recorded as a stock search.
 */
export function stoneLookupRoutes(ctx: AppContext) {
  return [
    implement(STONE_LOOKUP_ENDPOINTS.lookup, async ({ body }) =>
      ok('Stones.', await lookUpStones(ctx.db, body)),
    ),
  ];
}

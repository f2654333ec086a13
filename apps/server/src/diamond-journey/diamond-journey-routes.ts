import { DIAMOND_JOURNEY_ENDPOINTS, type DiamondOrigin, JOURNEY_MESSAGES } from '@facet/contract';
import type { AppContext } from '../app-context.ts';
import { HttpError, ok } from '../http/envelope.ts';
import { implement } from '../http/route.ts';
import { journeyOf, liveStoneOrigin } from './diamond-journey-queries.ts';

/**
 * `POST admin/diamond-origin` (Diamond Journey): a live stone by id or stock number (ignoring case),
 * with its grades, origin and media, and its journey from the mine in date order.
 */
export function diamondJourneyRoutes(ctx: AppContext) {
  return [
    implement(DIAMOND_JOURNEY_ENDPOINTS.origin, async ({ body }) => {
      const found = await liveStoneOrigin(ctx.db, body);
      if (!found) throw new HttpError('E_NOT_FOUND', JOURNEY_MESSAGES.stoneNotFound);
      const data: DiamondOrigin = { stone: found, events: await journeyOf(ctx.db, found.id) };
      return ok(`Journey of ${found.stockNumber}.`, data);
    }),
  ];
}

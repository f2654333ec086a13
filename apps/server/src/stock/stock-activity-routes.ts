import type { AppContext } from '../app-context.ts';
import type { AppRoute } from '../http/route.ts';
import { diamondCommentRoutes } from './diamond-comment-routes.ts';
import { diamondOriginRoutes } from './diamond-origin-route.ts';
import { searchHistoryRoutes } from './search-history-route.ts';
import { stoneLookupRoutes } from './stone-lookup-route.ts';

/** What the panel does around stones beyond the stock list: picking one, journeys, comments, searches. */
export function stockActivityRoutes(ctx: AppContext): AppRoute[] {
  return [
    ...stoneLookupRoutes(ctx),
    ...diamondOriginRoutes(ctx),
    ...diamondCommentRoutes(ctx),
    ...searchHistoryRoutes(ctx),
  ];
}

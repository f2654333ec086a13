import { SEARCH_HISTORY_ENDPOINTS, SEARCH_HISTORY_MESSAGES } from '@facet/contract';
import type { AppContext } from '../app-context.ts';
import { ok } from '../http/envelope.ts';
import { implement } from '../http/route.ts';
import { searchHistoryPage } from './search-history-queries.ts';

/**
 * `POST apis/diamond/search/history` (Search History): the recorded stone searches, newest first by
 * default, each with its user, its body as sent and that body's filter in words.
 */
export function searchHistoryRoutes(ctx: AppContext) {
  return [
    implement(SEARCH_HISTORY_ENDPOINTS.paginate, async ({ body }) =>
      ok(SEARCH_HISTORY_MESSAGES.list, await searchHistoryPage(ctx.db, body)),
    ),
  ];
}

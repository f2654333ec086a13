import { defineServerModule } from '../modules/server-module.ts';
import { pruneStoneSearches } from './search-history.ts';
import { searchHistoryRoutes } from './search-history-routes.ts';

export const searchHistoryServerModule = defineServerModule({
  name: 'search-history',
  routes: searchHistoryRoutes,
  maintenance: (ctx) => pruneStoneSearches(ctx.db, ctx.config.searchHistoryRetentionDays),
  // Searches are written in batches: the last ones go before the database closes.
  onClose: (ctx) => ctx.searchRecorder.flush(),
});

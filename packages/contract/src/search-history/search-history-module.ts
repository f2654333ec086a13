import { defineModule } from '../modules/contract-module.ts';
import { SEARCH_HISTORY_ENDPOINTS } from './search-history-endpoints.ts';
import { SEARCH_HISTORY_PERMISSIONS } from './search-history-permissions.ts';

/** The searches customers ran on the stock. */
export const searchHistoryModule = defineModule({
  name: 'search-history',
  permissions: SEARCH_HISTORY_PERMISSIONS,
  endpoints: [SEARCH_HISTORY_ENDPOINTS],
  screens: [
    {
      path: 'search-history',
      title: 'Search history',
      module: 'Search History',
      menu: { group: 'Report', id: 303, name: 'Search History' },
    },
  ],
});

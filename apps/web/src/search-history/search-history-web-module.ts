import type { WebModule } from '../platform/modules/web-module.ts';

export const searchHistoryWebModule: WebModule = {
  name: 'search-history',
  screens: {
    'search-history': () => import('./search-history-page.tsx').then((module) => module.SearchHistoryPage),
  },
};

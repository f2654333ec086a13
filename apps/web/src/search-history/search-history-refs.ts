import { endpointRefs, type SEARCH_HISTORY_ENDPOINTS } from '@facet/contract';

/**
 * The list's call as a ref (method, path and access rule, typed by the declaration): the declaration's
 * schemas would bring zod to the list's first load (docs/performance.md). search-history-refs.test.ts
 * compares it with the declaration.
 */
export const SEARCH_HISTORY_REFS = endpointRefs<typeof SEARCH_HISTORY_ENDPOINTS>()({
  paginate: ['POST', 'apis/diamond/search/history', { module: 'Search History', action: 'view' }],
});

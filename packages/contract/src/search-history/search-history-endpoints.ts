import { defineEndpoint, pageOf } from '../endpoints/endpoint.ts';
import { searchHistoryEntrySchema, searchHistorySchema } from './search-history.ts';

export const SEARCH_HISTORY_ENDPOINTS = {
  /**
   * The stone searches recorded by the stock search, newest first by default: who searched, what they
   * asked (the body as sent and its filter in words) and how many stones they found.
   */
  paginate: defineEndpoint({
    method: 'POST',
    path: 'apis/diamond/search/history',
    tag: 'Search history',
    summary: 'The recorded stone searches, with who searched, their filter in words and their results.',
    access: { module: 'Search History', action: 'view' },
    body: searchHistorySchema,
    answer: { data: pageOf(searchHistoryEntrySchema) },
  }),
};

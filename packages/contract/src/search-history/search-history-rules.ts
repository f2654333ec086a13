import { SEARCH_TYPES } from '../constants.ts';

// The search history's wording and rules that need no schema, apart from search-history.ts and free of
// zod: the search history list reads them.

export const SEARCH_TYPE_OPTIONS = [
  { value: SEARCH_TYPES.RECENT, label: 'Recent' },
  { value: SEARCH_TYPES.SAVE, label: 'Saved' },
  { value: SEARCH_TYPES.DEMAND, label: 'Demand' },
  { value: SEARCH_TYPES.MATCH_PAIR, label: 'Match pair' },
  { value: SEARCH_TYPES.VOICE, label: 'Voice' },
] as const;
export type SearchType = (typeof SEARCH_TYPE_OPTIONS)[number]['value'];

export const SEARCH_HISTORY_SORT_KEYS = ['createdAt', 'resultCount', 'durationMs'] as const;

export const SEARCH_HISTORY_MESSAGES = {
  list: 'Search history.',
  rangeOrder: 'Enter a start that is not after the end.',
  invalidSearchType: `Choose a search type (${SEARCH_TYPE_OPTIONS.map((option) => option.value).join(', ')}).`,
} as const;

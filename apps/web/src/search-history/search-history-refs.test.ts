import { SEARCH_HISTORY_ENDPOINTS } from '@facet/contract';
import { describe, expect, it } from 'vitest';
import { SEARCH_HISTORY_REFS } from './search-history-refs.ts';

describe('search history refs', () => {
  it('each ref names the method, path and access rule of its declaration', () => {
    for (const [name, ref] of Object.entries(SEARCH_HISTORY_REFS)) {
      const declared = SEARCH_HISTORY_ENDPOINTS[name as keyof typeof SEARCH_HISTORY_ENDPOINTS];
      expect(ref, name).toEqual({ method: declared.method, path: declared.path, access: declared.access });
    }
  });
});

import { ACCOUNT_ENDPOINTS } from '@facet/contract';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_REFS } from './account-refs.ts';

describe('account refs', () => {
  it('each ref names the method, path and access rule of its declaration', () => {
    for (const [name, ref] of Object.entries(ACCOUNT_REFS)) {
      const declared = ACCOUNT_ENDPOINTS[name as keyof typeof ACCOUNT_ENDPOINTS];
      expect(ref, name).toEqual({ method: declared.method, path: declared.path, access: declared.access });
    }
  });
});

import { LAYOUT_ENDPOINTS } from '@facet/contract';
import { describe, expect, it } from 'vitest';
import { LAYOUT_REFS } from './layout-refs.ts';

describe('layout refs', () => {
  it('each ref names the method, path and access rule of its declaration', () => {
    for (const [name, ref] of Object.entries(LAYOUT_REFS)) {
      const declared = LAYOUT_ENDPOINTS[name as keyof typeof LAYOUT_ENDPOINTS];
      expect(ref, name).toEqual({ method: declared.method, path: declared.path, access: declared.access });
    }
  });
});

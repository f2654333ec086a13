import { STOCK_UPLOAD_ENDPOINTS } from '@facet/contract';
import { describe, expect, it } from 'vitest';
import { STOCK_UPLOAD_REFS } from './stock-upload-refs.ts';

describe('stock upload refs', () => {
  it('each ref names the method, path and access rule of its declaration', () => {
    for (const [name, ref] of Object.entries(STOCK_UPLOAD_REFS)) {
      const declared = STOCK_UPLOAD_ENDPOINTS[name as keyof typeof STOCK_UPLOAD_ENDPOINTS];
      expect(ref, name).toEqual({ method: declared.method, path: declared.path, access: declared.access });
    }
  });
});

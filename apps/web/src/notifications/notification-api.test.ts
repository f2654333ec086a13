import { NOTIFICATION_ENDPOINTS } from '@facet/contract';
import { describe, expect, it } from 'vitest';
import { NOTIFICATION_REFS } from './notification-api.ts';

describe('notification refs', () => {
  it('each ref names the method, path and access rule of its declaration', () => {
    for (const [name, ref] of Object.entries(NOTIFICATION_REFS)) {
      const declared = NOTIFICATION_ENDPOINTS[name as keyof typeof NOTIFICATION_ENDPOINTS];
      expect(ref, name).toEqual({ method: declared.method, path: declared.path, access: declared.access });
    }
  });
});

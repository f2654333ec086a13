import { APPOINTMENT_ENDPOINTS } from '@facet/contract';
import { describe, expect, it } from 'vitest';
import { APPOINTMENT_REFS } from './appointment-refs.ts';

describe('appointment refs', () => {
  it('name the method, path and access rule of their declarations', () => {
    for (const [name, ref] of Object.entries(APPOINTMENT_REFS)) {
      const declared = APPOINTMENT_ENDPOINTS[name as keyof typeof APPOINTMENT_ENDPOINTS];
      expect(ref, name).toEqual({ method: declared.method, path: declared.path, access: declared.access });
    }
  });
});

import {
  AUDIT_ENDPOINTS,
  AUTH_ENDPOINTS,
  type EndpointRef,
  type EndpointSpec,
  GRID_ENDPOINTS,
  GUEST_ENDPOINTS,
  MASTER_ENDPOINTS,
  PERMISSION_ENDPOINTS,
  RESOURCE_ENDPOINTS,
  ROLE_ENDPOINTS,
  USER_ENDPOINTS,
} from '@facet/contract';
import { describe, expect, it } from 'vitest';
import { AUTH_REFS } from './auth-refs.ts';
import {
  AUDIT_REFS,
  COMMON_REFS,
  GRID_REFS,
  GUEST_REFS,
  MASTER_REFS,
  PERMISSION_REFS,
  ROLE_REFS,
  USER_REFS,
} from './endpoint-refs.ts';

const TABLES: [string, Record<string, EndpointRef>, Record<string, EndpointSpec>][] = [
  ['GRID', GRID_REFS, GRID_ENDPOINTS],
  ['COMMON', COMMON_REFS, RESOURCE_ENDPOINTS],
  ['MASTER', MASTER_REFS, MASTER_ENDPOINTS],
  ['USER', USER_REFS, USER_ENDPOINTS],
  ['GUEST', GUEST_REFS, GUEST_ENDPOINTS],
  ['ROLE', ROLE_REFS, ROLE_ENDPOINTS],
  ['PERMISSION', PERMISSION_REFS, PERMISSION_ENDPOINTS],
  ['AUDIT', AUDIT_REFS, AUDIT_ENDPOINTS],
  ['AUTH', AUTH_REFS, AUTH_ENDPOINTS],
];

describe('endpoint refs', () => {
  it.each(TABLES)(
    '%s: each ref names the method, path and access rule of its declaration',
    (_, refs, table) => {
      for (const [name, ref] of Object.entries(refs)) {
        const declared = table[name];
        expect(declared, name).toBeDefined();
        expect(ref, name).toEqual({
          method: declared?.method,
          path: declared?.path,
          access: declared?.access,
        });
      }
    },
  );
});

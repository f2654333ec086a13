import { PERMISSION_ENDPOINTS, ROLE_ENDPOINTS, USER_ENDPOINTS, USER_TYPES } from '@facet/contract';
import { describe, expect, it } from 'vitest';
import { canCall } from './can-call.ts';

const viewer = {
  type: USER_TYPES.ADMIN,
  permissions: [
    {
      id: 14,
      module: 'User' as const,
      title: 'User',
      permissions: { view: true, insert: false, update: false, delete: false },
    },
  ],
};

describe('canCall', () => {
  it("follows the endpoint's module and action", () => {
    expect(canCall(viewer, USER_ENDPOINTS.paginate)).toBe(true);
    expect(canCall(viewer, ROLE_ENDPOINTS.create)).toBe(false);
    expect(canCall(viewer, PERMISSION_ENDPOINTS.upsert)).toBe(false);
    expect(canCall(viewer, USER_ENDPOINTS.setActive)).toBe(false);
  });

  it('lets a super admin call anything and keeps super-admin rules to them', () => {
    const superAdmin = { type: USER_TYPES.SUPER_ADMIN, permissions: [] };
    expect(canCall(superAdmin, USER_ENDPOINTS.remove)).toBe(true);
    expect(canCall(superAdmin, { access: { superAdmin: true } })).toBe(true);
    expect(canCall(viewer, { access: { superAdmin: true } })).toBe(false);
  });

  it('leaves open rules and body-named modules to the server', () => {
    expect(canCall(viewer, { access: { authenticated: true } })).toBe(true);
    expect(canCall(viewer, { access: { moduleFromBody: 'model', action: 'update' } })).toBe(true);
    expect(canCall(viewer, { access: { modules: ['Banner', 'User'], action: 'view' } })).toBe(true);
  });
});

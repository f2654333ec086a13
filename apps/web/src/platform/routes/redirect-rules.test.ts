import { type AdminPermissionEntry, PANEL_ROUTES, type PanelRoute, USER_TYPES } from '@facet/contract';
import { describe, expect, it } from 'vitest';
import { PATHS } from '../app/paths.ts';
import { panelRouteDecision, rootRedirectTarget } from './redirect-rules.ts';

function entry(module: AdminPermissionEntry['module'], flags: Partial<AdminPermissionEntry['permissions']>) {
  return {
    id: 1,
    module,
    title: module,
    permissions: { view: false, insert: false, update: false, delete: false, ...flags },
  } as AdminPermissionEntry;
}

function route(path: string): PanelRoute {
  const found = PANEL_ROUTES.find((candidate) => candidate.path === path);
  if (!found) throw new Error(`no route ${path}`);
  return found;
}

describe('rootRedirectTarget', () => {
  it('sends a signed-in user to the panel', () => {
    expect(rootRedirectTarget({ hasToken: true, hasDefaultPasswordUser: true })).toBe(PATHS.panel);
  });

  it('resumes a pending default-password change', () => {
    expect(rootRedirectTarget({ hasToken: false, hasDefaultPasswordUser: true })).toBe(
      PATHS.updateDefaultPassword,
    );
  });

  it('sends everyone else to sign in', () => {
    expect(rootRedirectTarget({ hasToken: false, hasDefaultPasswordUser: false })).toBe(PATHS.signIn);
  });
});

describe('panelRouteDecision', () => {
  const admin = { type: USER_TYPES.ADMIN, permissions: [entry('Banner', { view: true })] };

  it('sends a visitor without a token to the root', () => {
    expect(panelRouteDecision({ hasToken: false, holder: admin, route: route('dashboard') })).toEqual({
      allow: false,
      redirectTo: PATHS.root,
    });
  });

  it('opens ungated routes to any signed-in user', () => {
    expect(panelRouteDecision({ hasToken: true, holder: null, route: route('dashboard') })).toEqual({
      allow: true,
    });
    expect(panelRouteDecision({ hasToken: true, holder: admin, route: route('profile') }).allow).toBe(true);
  });

  it('checks the route action on the route module', () => {
    expect(panelRouteDecision({ hasToken: true, holder: admin, route: route('banner') }).allow).toBe(true);
    // A missing permission is answered in place, naming the module and the action the route needs.
    expect(panelRouteDecision({ hasToken: true, holder: admin, route: route('banner/upsert/:id?') })).toEqual(
      { allow: false, noAccess: { module: 'Banner', action: 'insert' } },
    );
    expect(panelRouteDecision({ hasToken: true, holder: admin, route: route('user') })).toEqual({
      allow: false,
      noAccess: { module: 'User', action: 'view' },
    });
  });

  it('lets a super admin open every route', () => {
    const superAdmin = { type: USER_TYPES.SUPER_ADMIN, permissions: [] };
    for (const candidate of PANEL_ROUTES) {
      expect(panelRouteDecision({ hasToken: true, holder: superAdmin, route: candidate }).allow).toBe(true);
    }
  });

  it('keeps gated routes closed while the user is unknown', () => {
    expect(panelRouteDecision({ hasToken: true, holder: null, route: route('banner') })).toEqual({
      allow: false,
      noAccess: { module: 'Banner', action: 'view' },
    });
  });
});

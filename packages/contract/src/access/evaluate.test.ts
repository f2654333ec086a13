import { describe, expect, it } from 'vitest';
import { ADMIN_MODULES, MENU, PANEL_ROUTES } from '../contract-modules.ts';
import type { AdminPermissionEntry } from './admin-modules.ts';
import { CUSTOMER_ACTIONS, CUSTOMER_MODULES } from './customer-modules.ts';
import { can, visibleMenu } from './evaluate.ts';
import type { MenuItem } from './menu.ts';
import { USER_TYPES } from './user-types.ts';

const bannerViewOnly: AdminPermissionEntry[] = [
  {
    id: 5,
    module: 'Banner',
    title: 'Banner',
    permissions: { view: true, insert: false, update: false, delete: false },
  },
];

function leafPaths(items: readonly MenuItem[]): string[] {
  return items.flatMap((item) => (item.children ? leafPaths(item.children) : [item.path ?? '']));
}

describe('permission evaluation', () => {
  it('gives a super admin everything and others exactly their flags', () => {
    expect(can({ type: USER_TYPES.SUPER_ADMIN, permissions: [] }, 'User', 'delete')).toBe(true);
    const employee = { type: USER_TYPES.EMPLOYEE, permissions: bannerViewOnly };
    expect(can(employee, 'Banner', 'view')).toBe(true);
    expect(can(employee, 'Banner', 'insert')).toBe(false);
    expect(can(employee, 'User', 'view')).toBe(false);
    expect(can(employee, null, 'view')).toBe(true);
  });

  it('shows an employee with Banner view only the dashboard and Marketing > Banner', () => {
    const menu = visibleMenu(MENU, { type: USER_TYPES.EMPLOYEE, permissions: bannerViewOnly });
    expect(menu.map((item) => item.name)).toEqual(['Dashboard', 'Marketing']);
    expect(menu[1]?.children?.map((item) => item.name)).toEqual(['Banner']);
  });

  it('shows a super admin the whole menu', () => {
    const menu = visibleMenu(MENU, { type: USER_TYPES.SUPER_ADMIN, permissions: [] });
    expect(leafPaths(menu)).toEqual(leafPaths(MENU));
  });
});

describe('module catalogue', () => {
  it('keeps ids unique and the extra entries at 201 to 204', () => {
    const ids = ADMIN_MODULES.map((entry) => entry.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ADMIN_MODULES.filter((entry) => entry.id > 200).map((entry) => [entry.id, entry.module])).toEqual([
      [201, 'sync'],
      [202, 'UserActive'],
      [203, 'UserResetpass'],
      [204, 'UserPagePermission'],
    ]);
  });

  it('has 36 customer modules with 8 action flags', () => {
    expect(CUSTOMER_MODULES).toHaveLength(36);
    expect(new Set(CUSTOMER_MODULES.map((entry) => entry.module)).size).toBe(36);
    expect(CUSTOMER_ACTIONS).toHaveLength(8);
  });

  it('links every menu leaf to a panel route', () => {
    const routeRoots = new Set(PANEL_ROUTES.map((route) => route.path.split('/:')[0]));
    for (const path of leafPaths(MENU)) expect(routeRoots, path).toContain(path);
  });

  it('gates every menu leaf by the module of its route', () => {
    const byRoot = new Map(PANEL_ROUTES.map((route) => [route.path.split('/:')[0], route.module]));
    const check = (items: readonly MenuItem[]) => {
      for (const item of items) {
        if (item.children) check(item.children);
        else if (item.path && byRoot.get(item.path) !== undefined) {
          expect([item.path, item.module ?? null]).toEqual([item.path, byRoot.get(item.path)]);
        }
      }
    };
    check(MENU);
  });
});

import { MENU, USER_TYPES, visibleMenu } from '@facet/contract';
import { describe, expect, it } from 'vitest';
import { WEB_MODULES } from '../../web-modules.ts';
import { indexWebModules } from '../modules/web-module-index.ts';
import { PLATFORM_SCREENS } from '../pages/platform-screens.ts';
import { builtMenu } from './built-menu.ts';

const screens = indexWebModules(WEB_MODULES).screens;
const hasScreen = (route: string) => route in PLATFORM_SCREENS || screens.has(route);
const leaves = (items: readonly { name: string; children?: unknown[] }[], group = ''): string[] =>
  items.flatMap((item) =>
    item.children
      ? leaves(item.children as typeof items, item.name)
      : [group ? `${group} › ${item.name}` : item.name],
  );

describe('builtMenu', () => {
  const menu = builtMenu(visibleMenu(MENU, { type: USER_TYPES.SUPER_ADMIN, permissions: [] }), hasScreen);

  it('offers the screens that exist, the ones the old panel kept out of the menu among them', () => {
    expect(leaves(menu)).toEqual(
      expect.arrayContaining([
        'Dashboard',
        'Customer › Role master',
        'Customer › Permissions',
        'Marketing › News and events',
        'Setting › Send notification',
        'Setting › Platform',
      ]),
    );
  });

  it('leaves out entries without a screen, and a group left with none', () => {
    const names = leaves(menu);
    for (const unbuilt of ['Setting › Grid Column']) expect(names).not.toContain(unbuilt);
    // Every group has a screen now: the Parcel group, without its one screen, stands for an empty one.
    const withoutOrders = builtMenu(
      visibleMenu(MENU, { type: USER_TYPES.SUPER_ADMIN, permissions: [] }),
      (route) => route !== 'parcel/order' && hasScreen(route),
    );
    expect(menu.map((item) => item.name)).toContain('Parcel');
    expect(withoutOrders.map((item) => item.name)).not.toContain('Parcel');
  });

  it('gives every group and top-level entry an icon', () => {
    for (const item of MENU) expect(item.icon, item.name).toBeDefined();
  });
});

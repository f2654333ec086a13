import { MENU, USER_TYPES, visibleMenu } from '@facet/contract';
import { describe, expect, it } from 'vitest';
import { menuSelection } from './menu-selection.ts';

describe('menuSelection', () => {
  it('selects a top-level leaf', () => {
    expect(menuSelection(MENU, 'dashboard')).toEqual({ selectedKey: 'dashboard', openKey: undefined });
  });

  it('selects the leaf and opens its group', () => {
    expect(menuSelection(MENU, 'master/main-master')).toEqual({
      selectedKey: 'master/main-master',
      openKey: 'group-100',
    });
  });

  it('keeps the list highlighted on its sub-pages', () => {
    expect(menuSelection(MENU, 'banner/upsert/42').selectedKey).toBe('banner');
    expect(menuSelection(MENU, 'parcel/order').selectedKey).toBe('parcel/order');
  });

  it('selects nothing for a path outside the menu', () => {
    expect(menuSelection(MENU, 'profile')).toEqual({});
    expect(menuSelection(MENU, 'bannerx')).toEqual({});
  });

  it('only finds leaves the holder can see', () => {
    const menu = visibleMenu(MENU, { type: USER_TYPES.EMPLOYEE, permissions: [] });
    expect(menuSelection(menu, 'banner')).toEqual({});
    expect(menuSelection(menu, 'dashboard').selectedKey).toBe('dashboard');
  });
});

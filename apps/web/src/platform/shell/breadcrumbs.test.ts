import { MENU } from '@facet/contract';
import { describe, expect, it } from 'vitest';
import { breadcrumbsOf } from './breadcrumbs.ts';

describe('breadcrumbsOf', () => {
  it('names the group and the screen of a menu entry', () => {
    expect(breadcrumbsOf(MENU, { title: 'Banner', route: 'banner' }, false)).toEqual([
      { title: 'Marketing' },
      { title: 'Banner' },
    ]);
  });

  it('links the list above a record of it', () => {
    expect(breadcrumbsOf(MENU, { title: 'Banner', route: 'banner/upsert/:id?' }, true)).toEqual([
      { title: 'Marketing' },
      { title: 'Banner', path: 'banner' },
      { title: 'Details' },
    ]);
    expect(breadcrumbsOf(MENU, { title: 'Banner', route: 'banner/upsert/:id?' }, false).at(-1)).toEqual({
      title: 'New',
    });
  });

  it('finds the entry of a page outside the list path by its module', () => {
    expect(
      breadcrumbsOf(
        MENU,
        { title: 'Company details', route: 'account-details/:id?', module: 'Account' },
        true,
      ),
    ).toEqual([{ title: 'Customer' }, { title: 'Company', path: 'account' }, { title: 'Company details' }]);
  });

  it('shows a screen outside the menu alone', () => {
    expect(breadcrumbsOf(MENU, { title: 'My Account', route: 'profile', module: null }, false)).toEqual([
      { title: 'My Account' },
    ]);
  });
});

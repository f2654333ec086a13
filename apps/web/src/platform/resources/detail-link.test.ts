import { accountResource, countryResource, RESOURCES } from '@facet/contract';
import { describe, expect, it } from 'vitest';
import { childLinksOf } from './resource-model.ts';

describe('detail route row action', () => {
  it('opens the view’s detail route with the row id', () => {
    const view = accountResource.views[0];
    if (!view) throw new Error('no view');
    const links = childLinksOf(accountResource, view, RESOURCES);
    expect(links[0]?.label).toBe('Details');
    expect(links[0]?.pathOf('a1')).toBe('account-details/a1');
  });

  it('adds nothing to a view without one', () => {
    const view = countryResource.views[0];
    if (!view) throw new Error('no view');
    expect(childLinksOf(countryResource, view, RESOURCES).map((link) => link.label)).not.toContain('Details');
  });
});

import { RESOURCES, resourceRefs, USER_TYPES } from '@facet/contract';
import { describe, expect, it } from 'vitest';
import { visibleTiles, workQueueTiles } from './work-queue.ts';

const now = new Date(2026, 10, 27, 10, 0);

describe('the dashboard work queue', () => {
  it('counts through list endpoints gated by the tile module, and links to that list', () => {
    for (const tile of workQueueTiles(now)) {
      const resource = RESOURCES.find(
        (candidate) => resourceRefs(candidate).paginate.path === tile.paginatePath,
      );
      expect(resource, tile.key).toBeDefined();
      const access = resource ? resourceRefs(resource).paginate.access : undefined;
      const modules =
        access && 'modules' in access ? access.modules : access && 'module' in access ? [access.module] : [];
      expect(modules, tile.key).toContain(tile.module);
      const route = tile.link.split('?')[0];
      const view = resource?.views.find((candidate) => candidate.route === route);
      expect(view, tile.key).toBeDefined();
      for (const key of Object.keys(tile.filter))
        expect(resource?.fields[key]?.filter, `${tile.key} ${key}`).toBeTruthy();
    }
  });

  it('shows a user only the tiles of the lists they may read', () => {
    const bannerOnly = {
      type: USER_TYPES.EMPLOYEE,
      permissions: [
        {
          id: 5,
          module: 'Banner',
          title: 'Banner',
          permissions: { view: true, insert: false, update: false, delete: false },
        },
      ],
    } as const;
    expect(visibleTiles(bannerOnly, now).map((tile) => tile.key)).toEqual(['banners-expiring']);
    expect(visibleTiles({ type: USER_TYPES.SUPER_ADMIN, permissions: [] }, now)).toHaveLength(5);
    expect(visibleTiles(null, now)).toEqual([]);
  });
});

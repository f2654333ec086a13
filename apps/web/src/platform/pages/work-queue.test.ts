import { CONTRACT, PANEL_ROUTES, USER_TYPES } from '@facet/contract';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { visibleTiles, workQueueTiles } from './work-queue.ts';

const now = new Date(2026, 10, 27, 10, 0);

describe('the dashboard work queue', () => {
  it('counts through list endpoints gated by the tile module, and links to that list', () => {
    for (const tile of workQueueTiles(now)) {
      const endpoint = CONTRACT.endpoints.find(
        (candidate) => candidate.method === 'POST' && candidate.path === tile.paginatePath,
      );
      expect(endpoint, tile.key).toBeDefined();
      const access = endpoint?.access;
      const modules =
        access && 'modules' in access ? access.modules : access && 'module' in access ? [access.module] : [];
      expect(modules, tile.key).toContain(tile.module);
      const route = tile.link.split('?')[0];
      expect(
        PANEL_ROUTES.some((candidate) => candidate.path.split('/:')[0] === route),
        tile.key,
      ).toBe(true);
      // The count's filter is one the list's endpoint takes, value for value.
      const body = endpoint?.body as z.ZodType | undefined;
      expect(body?.safeParse({ page: 1, limit: 1, filter: tile.filter }).success, tile.key).toBe(true);
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
    expect(visibleTiles({ type: USER_TYPES.SUPER_ADMIN, permissions: [] }, now)).toHaveLength(
      workQueueTiles(now).length,
    );
    expect(visibleTiles(null, now)).toEqual([]);
  });
});

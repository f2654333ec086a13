import type { PermissionHolder } from '@facet/contract';
import { can, DASHBOARD_TILES, type DashboardData, type DashboardTile } from '@facet/contract';
import type { AppContext } from '../app-context.ts';
import type { DashboardViewer } from '../modules/server-module.ts';
import { readerDay } from './reader-day.ts';

function viewerOf(holder: PermissionHolder, now: Date, timeZone: string): DashboardViewer {
  return {
    holder,
    can: (module) => can(holder, module, 'view'),
    now,
    timeZone,
    day: (offset) => readerDay(now, timeZone, offset),
  };
}

/**
 * Every tile the viewer may read (one of its modules), in the dashboard's order, each from its
 * feature's reader. A reader that fails leaves its tile marked failed and the others answered: one
 * slow or broken figure never costs the manager the whole dashboard.
 */
export async function dashboardData(
  ctx: AppContext,
  holder: PermissionHolder,
  timeZone: string | undefined,
): Promise<DashboardData> {
  const now = new Date();
  const viewer = viewerOf(holder, now, timeZone ?? 'UTC');
  const readable = DASHBOARD_TILES.filter(
    (tile) => ctx.dashboardTiles.has(tile.key) && tile.modules.some((module) => viewer.can(module)),
  );
  const tiles = await Promise.all(
    readable.map(async (tile): Promise<DashboardTile> => {
      const head = { key: tile.key, title: tile.title };
      try {
        const read = ctx.dashboardTiles.get(tile.key);
        const body = read ? await read(ctx, viewer) : { figures: [], breakdowns: [], items: [] };
        return { ...head, ...body };
      } catch (error) {
        ctx.log.error({ err: error, tile: tile.key }, 'a dashboard tile could not be read');
        return { ...head, figures: [], breakdowns: [], items: [], failed: true };
      }
    }),
  );
  return { tiles, at: now.toISOString() };
}

import { lastSyncResource, SYNC_ENTITIES, SYNC_STATUSES } from '@facet/contract';
import type { AppContext } from '../app-context.ts';
import { countFigure, listLink } from '../dashboard/dashboard-figures.ts';
import type { DashboardTileBody } from '../modules/server-module.ts';
import { paginateRecords } from '../resources/read.ts';

const labelOf = (options: readonly { value: string; label: string }[], value: unknown) =>
  options.find((option) => option.value === value)?.label ?? String(value);

/** Each kind's last synchronisation with its state, and how many kinds failed their last run. */
export async function syncTile(ctx: AppContext): Promise<DashboardTileBody> {
  const [rows, failed] = await Promise.all([
    paginateRecords(ctx.db, lastSyncResource, {
      page: 1,
      limit: SYNC_ENTITIES.length,
      sort: { sequence: 'asc' },
    }),
    paginateRecords(ctx.db, lastSyncResource, { page: 1, limit: 1, filter: { lastStatus: 'failed' } }),
  ]);
  return {
    figures: [
      countFigure(
        'failed',
        'Failed last run',
        failed.count,
        listLink('sync-setting', { lastStatus: 'failed' }),
      ),
    ],
    breakdowns: [],
    items: rows.list.map((row) => {
      const counts =
        row.lastStatus === 'never'
          ? ''
          : ` · ${row.createdCount ?? 0} created, ${row.updatedCount ?? 0} updated, ${row.rejectedCount ?? 0} rejected`;
      return {
        key: String(row.entity),
        title: labelOf(SYNC_ENTITIES, row.entity),
        detail: `${labelOf(SYNC_STATUSES, row.lastStatus)}${row.isEnabled ? '' : ' · Disabled'}${counts}`,
        at: (row.lastRunAt as string | null | undefined) ?? null,
        link: listLink('sync-setting', { entity: String(row.entity) }),
      };
    }),
  };
}

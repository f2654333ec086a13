import { PARCEL_ORDER_STATUSES, parcelOrderPaginateSchema } from '@facet/contract';
import type { AppContext } from '../app-context.ts';
import { countFigure } from '../dashboard/dashboard-figures.ts';
import type { DashboardTileBody } from '../modules/server-module.ts';
import { orderPage } from './parcel-order-queries.ts';

/** How many pending orders the tile names. */
const ITEMS = 5;
const PENDING_LINK = `parcel/order?status=${PARCEL_ORDER_STATUSES.pending}`;

/** The parcel orders waiting to be done, the newest named, as the order list counts them. */
export async function parcelOrdersTile(ctx: AppContext): Promise<DashboardTileBody> {
  const pending = await orderPage(
    ctx.db,
    parcelOrderPaginateSchema.parse({
      page: 1,
      limit: ITEMS,
      filter: { status: PARCEL_ORDER_STATUSES.pending },
    }),
  );
  return {
    figures: [countFigure('pending', 'Waiting to be done', pending.count, PENDING_LINK)],
    breakdowns: [],
    items: pending.list.map((row) => ({
      key: row.id,
      title: `${row.orderNumber} · ${row.userName}`,
      detail: `${row.accountName ?? 'No company'} · ${row.lineCount === 1 ? '1 line' : `${row.lineCount} lines`}`,
      at: row.createdAt,
      link: `${PENDING_LINK}&order=${row.id}`,
    })),
  };
}

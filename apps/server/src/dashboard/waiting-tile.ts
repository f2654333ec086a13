import type { AppContext } from '../app-context.ts';
import type { DashboardTileBody, DashboardViewer } from '../modules/server-module.ts';
import { paginateRecords } from '../resources/read.ts';
import { countFigure, dayRange, listLink } from './dashboard-figures.ts';

/** The last of the reader's days, from today, on which a banner's end counts as "ending this week". */
const BANNER_WEEK_LAST_DAY = 6;

/** How many rows of a resource's list match a filter, as its list counts them for the reader. */
async function countOf(
  ctx: AppContext,
  resourceName: string,
  filter: Record<string, unknown>,
  timeZone?: string,
) {
  const resource = ctx.contract.resourceByName.get(resourceName);
  if (!resource) return null;
  const page = await paginateRecords(ctx.db, resource, { page: 1, limit: 1, filter, timeZone });
  return page.count;
}

/**
 * The work queue's items that have no feature of their own on the server (the forum's messages and
 * the banners are resources only): read through the resource engine, as their lists are.
 */
export async function waitingTile(ctx: AppContext, viewer: DashboardViewer): Promise<DashboardTileBody> {
  const week = { from: viewer.day(0).date, to: viewer.day(BANNER_WEEK_LAST_DAY).date };
  const figures = await Promise.all(
    [
      viewer.can('Contact') &&
        countOf(ctx, 'contactUs', { type: 'contact', isResolved: false }).then((value) =>
          countFigure('open-contacts', 'New contacts', value, listLink('contact', { isResolved: false })),
        ),
      viewer.can('Suggestion') &&
        countOf(ctx, 'contactUs', { type: 'suggestion', isResolved: false }).then((value) =>
          countFigure(
            'open-suggestions',
            'New suggestions',
            value,
            listLink('suggestion', { isResolved: false }),
          ),
        ),
      viewer.can('Banner') &&
        countOf(ctx, 'banner', { isActive: true, toDate: week }, viewer.timeZone).then((value) =>
          countFigure(
            'banners-expiring',
            'Banners ending this week',
            value,
            listLink('banner', { isActive: true, toDate: dayRange(week.from, week.to) }),
          ),
        ),
    ].filter((figure) => figure !== false),
  );
  return { figures, breakdowns: [], items: [] };
}

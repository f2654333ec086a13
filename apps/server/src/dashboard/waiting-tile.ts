import type { AppContext } from '../app-context.ts';
import type { DashboardTileBody, DashboardViewer } from '../modules/server-module.ts';
import { paginateRecords } from '../resources/read.ts';
import { countFigure, listLink } from './dashboard-figures.ts';

/** How far ahead a banner's end counts as "about to expire". */
const BANNER_EXPIRY_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

/** How many rows of a resource's list match a filter, as its list counts them. */
async function countOf(ctx: AppContext, resourceName: string, filter: Record<string, unknown>) {
  const resource = ctx.contract.resourceByName.get(resourceName);
  if (!resource) return null;
  const page = await paginateRecords(ctx.db, resource, { page: 1, limit: 1, filter });
  return page.count;
}

/**
 * The work queue's items that have no feature of their own on the server (the forum's messages and
 * the banners are resources only): read through the resource engine, as their lists are.
 */
export async function waitingTile(ctx: AppContext, viewer: DashboardViewer): Promise<DashboardTileBody> {
  const until = new Date(viewer.now.getTime() + BANNER_EXPIRY_DAYS * DAY_MS);
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
        countOf(ctx, 'banner', {
          isActive: true,
          toDate: { from: viewer.now.toISOString(), to: until.toISOString() },
        }).then((value) =>
          // The banner list filters its dates by whole days: it opens with the soonest ends first instead.
          countFigure(
            'banners-expiring',
            'Banners about to expire',
            value,
            'banner?isActive=true&sort=toDate:asc',
          ),
        ),
    ].filter((figure) => figure !== false),
  );
  return { figures, breakdowns: [], items: [] };
}

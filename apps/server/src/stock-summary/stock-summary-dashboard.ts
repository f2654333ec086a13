import {
  type AdminModuleName,
  blockPaginateSchema,
  type DashboardFigure,
  type DashboardItem,
  demandPaginateSchema,
  formatCarat,
  OFFER_STATUSES,
  STONE_BLOCK_KINDS,
  STONE_BLOCK_STATE_OPTIONS,
  TRACK_TYPES,
  trackPaginateSchema,
} from '@facet/contract';
import { and, count, eq, gt, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import { users } from '../access/user-table.ts';
import type { AppContext } from '../app-context.ts';
import { countFigure, dayRange, listLink } from '../dashboard/dashboard-figures.ts';
import { accounts, stones } from '../db/resource-tables.ts';
import type { DashboardTileBody, DashboardViewer } from '../modules/server-module.ts';
import { columnOf } from '../resources/columns.ts';
import { blockPage, blockWhere } from './block-queries.ts';
import { commentSummary } from './comment-counts.ts';
import { demandPage, demandSummary } from './demand-store.ts';
import { diamondTracks, stoneBlocks } from './stock-summary-tables.ts';
import { trackPage, trackWhere } from './track-queries.ts';
import { stone } from './track-rows.ts';

/** How many records a tile names. */
const ITEMS = 5;
/** A hold "about to lapse" ends within this many hours. */
const LAPSE_HOURS = 24;
const HOUR_MS = 60 * 60 * 1000;
/** Every state of a block: the hold list then shows ended ones too, not only the live (its default). */
const ALL_BLOCK_STATES = STONE_BLOCK_STATE_OPTIONS.map((option) => option.value);

const stoneOf = (row: { stockNumber: string; carat: number | null }) =>
  row.carat === null ? row.stockNumber : `${row.stockNumber} (${formatCarat(row.carat)} ct)`;

/** A customer-activity list's filter, as `apis/diamond-track/paginate` takes it, of one kind. */
type TrackFilter = { trackType: number } & Record<string, unknown>;

/** Counts of one table's rows under each named condition, from one scan of the rows any of them matches. */
function countsOf(conditions: Readonly<Record<string, SQL | undefined>>) {
  return {
    selection: Object.fromEntries(
      Object.entries(conditions).map(([key, condition]) => [
        key,
        sql<number>`(count(*) filter (where ${condition ?? sql`true`}))::int`.mapWith(Number),
      ]),
    ),
    where: or(...Object.values(conditions)),
  };
}

/**
 * The customer-activity lists' rows under each request's filter, counted with their own conditions
 * (trackWhere) and joins, so that a figure is what its list counts.
 */
async function trackCounts(ctx: AppContext, filters: Readonly<Record<string, TrackFilter>>) {
  const conditions = Object.fromEntries(
    Object.entries(filters).map(([key, filter]) => [
      key,
      trackWhere(trackPaginateSchema.parse({ page: 1, limit: 1, filter }), [filter.trackType]),
    ]),
  );
  if (Object.keys(conditions).length === 0) return {};
  const { selection, where } = countsOf(conditions);
  const [row] = await ctx.db
    .select(selection)
    .from(diamondTracks)
    .innerJoin(users, eq(users.id, diamondTracks.userId))
    .innerJoin(stones, eq(stone.id, diamondTracks.stoneId))
    .leftJoin(accounts, eq(columnOf(accounts, 'id'), diamondTracks.accountId))
    .where(where);
  return (row ?? {}) as Record<string, number>;
}

/** The holds placed on each day, in every state, counted as the hold list counts them (blockWhere). */
async function holdCounts(ctx: AppContext, days: Readonly<Record<string, string>>) {
  const conditions = Object.fromEntries(
    Object.entries(days).map(([key, date]) => [
      key,
      blockWhere(
        blockPaginateSchema.parse({
          page: 1,
          limit: 1,
          filter: {
            kind: STONE_BLOCK_KINDS.hold,
            state: ALL_BLOCK_STATES,
            createdAt: { from: date, to: date },
          },
        }),
      ),
    ]),
  );
  const { selection, where } = countsOf(conditions);
  const [row] = await ctx.db
    .select(selection)
    .from(stoneBlocks)
    .innerJoin(users, eq(users.id, stoneBlocks.userId))
    .innerJoin(stones, eq(stone.id, stoneBlocks.stoneId))
    .leftJoin(accounts, eq(columnOf(accounts, 'id'), stoneBlocks.accountId))
    .where(where);
  return (row ?? {}) as Record<string, number>;
}

const ACTIVITY = [
  { key: 'carts', label: 'Added to carts', module: 'Cart', route: 'cart', trackType: TRACK_TYPES.cart },
  {
    key: 'enquiries',
    label: 'Enquiries',
    module: 'Enquiry',
    route: 'enquiry',
    trackType: TRACK_TYPES.enquiry,
  },
  { key: 'offers', label: 'Offers', module: 'Offer', route: 'offer', trackType: TRACK_TYPES.offer },
] as const satisfies readonly {
  key: string;
  label: string;
  module: AdminModuleName;
  route: string;
  trackType: number;
}[];

/**
 * Today's carts, enquiries, offers and holds against the same weekday a week before, each for a viewer
 * of its module, with the offers still waiting for a decision.
 */
export async function activityTile(ctx: AppContext, viewer: DashboardViewer): Promise<DashboardTileBody> {
  const today = viewer.day(0).date;
  const lastWeek = viewer.day(-7).date;
  const kinds = ACTIVITY.filter((kind) => viewer.can(kind.module));
  const filters: Record<string, TrackFilter> = {};
  for (const kind of kinds) {
    filters[`${kind.key}-now`] = { trackType: kind.trackType, createdAt: { from: today, to: today } };
    filters[`${kind.key}-before`] = {
      trackType: kind.trackType,
      createdAt: { from: lastWeek, to: lastWeek },
    };
  }
  const offers = viewer.can('Offer');
  if (offers) filters.open = { trackType: TRACK_TYPES.offer, offerStatus: OFFER_STATUSES.pending };
  const holds = viewer.can('Hold');
  const [tracks, held] = await Promise.all([
    trackCounts(ctx, filters),
    holds ? holdCounts(ctx, { now: today, before: lastWeek }) : Promise.resolve({} as Record<string, number>),
  ]);
  const figures: DashboardFigure[] = kinds.map((kind) =>
    countFigure(
      kind.key,
      kind.label,
      tracks[`${kind.key}-now`] ?? 0,
      listLink(kind.route, { createdAt: dayRange(today) }),
      tracks[`${kind.key}-before`] ?? 0,
    ),
  );
  if (holds) {
    const states = ALL_BLOCK_STATES.map((state) => `state=${state}`).join('&');
    figures.push(
      countFigure(
        'holds',
        'Holds placed',
        held.now ?? 0,
        `hold?kind=${STONE_BLOCK_KINDS.hold}&${states}&createdAt=${dayRange(today)}`,
        held.before ?? 0,
      ),
    );
  }
  if (offers) {
    figures.push(
      countFigure(
        'offers-to-answer',
        'Offers to answer',
        tracks.open ?? 0,
        listLink('offer', { offerStatus: OFFER_STATUSES.pending }),
      ),
    );
  }
  return { figures, breakdowns: [], items: [] };
}

/** The latest enquiries, and how many wait for a reply. */
export async function enquiriesTile(ctx: AppContext): Promise<DashboardTileBody> {
  const [latest, waiting] = await Promise.all([
    trackPage(
      ctx.db,
      trackPaginateSchema.parse({
        page: 1,
        limit: ITEMS,
        filter: { trackType: TRACK_TYPES.enquiry },
        sort: { createdAt: 'desc' },
      }),
      [TRACK_TYPES.enquiry],
    ),
    trackPage(
      ctx.db,
      trackPaginateSchema.parse({
        page: 1,
        limit: 1,
        filter: { trackType: TRACK_TYPES.enquiry, replied: false },
      }),
      [TRACK_TYPES.enquiry],
    ),
  ]);
  const items: DashboardItem[] = latest.list.map((row) => ({
    key: row.id,
    title: `${row.userName}${row.accountName ? `, ${row.accountName}` : ''}`,
    detail: `${stoneOf(row)} · ${row.repliedAt ? 'Answered' : 'Waiting for a reply'}`,
    at: row.createdAt,
    link: `enquiry/${row.userId}`,
  }));
  return {
    figures: [
      countFigure(
        'enquiries-to-answer',
        'Enquiries to answer',
        waiting.count,
        listLink('enquiry', { replied: false }),
      ),
    ],
    breakdowns: [],
    items,
  };
}

/** The live holds and memos, those ending within a day, and the next to lapse. */
export async function holdsTile(ctx: AppContext, viewer: DashboardViewer): Promise<DashboardTileBody> {
  const soon = new Date(viewer.now.getTime() + LAPSE_HOURS * HOUR_MS);
  const live = await blockPage(
    ctx.db,
    blockPaginateSchema.parse({ page: 1, limit: ITEMS, sort: { expiresAt: 'asc' } }),
  );
  const lapsing = live.list.filter((row) => new Date(row.expiresAt) <= soon);
  const [within] = await ctx.db
    .select({ value: count() })
    .from(stoneBlocks)
    .where(
      and(
        isNull(stoneBlocks.endedAt),
        gt(stoneBlocks.expiresAt, viewer.now),
        lte(stoneBlocks.expiresAt, soon),
      ),
    );
  return {
    figures: [
      countFigure('live-holds', 'Live holds and memos', live.count, 'hold'),
      // The hold list cannot filter by its end yet: it opens soonest to end first.
      countFigure('lapsing', `Ending within ${LAPSE_HOURS} hours`, within?.value ?? 0, 'hold'),
    ],
    breakdowns: [],
    items: lapsing.map((row) => ({
      key: row.id,
      title: `${stoneOf(row)} for ${row.userName}`,
      detail: row.kind === STONE_BLOCK_KINDS.memo ? 'Memo' : 'Hold',
      at: row.expiresAt,
      link: `hold/${row.userId}`,
    })),
  };
}

/** The demand book at a glance (the spec's Demand/summary) and the live demands most stones match. */
export async function demandTile(ctx: AppContext): Promise<DashboardTileBody> {
  const [summary, best, expired] = await Promise.all([
    demandSummary(ctx.db),
    demandPage(ctx.db, demandPaginateSchema.parse({ page: 1, limit: ITEMS, sort: { matches: 'desc' } })),
    demandPage(ctx.db, demandPaginateSchema.parse({ page: 1, limit: 1, filter: { live: false } })),
  ]);
  return {
    figures: [
      countFigure('live', 'Live demands', best.count, 'demand'),
      countFigure('matched', 'Matched by stock now', summary.matched, null),
      countFigure('expiring', 'Ending this week', summary.expiringThisWeek, null),
      countFigure('customers', 'Customers', summary.customers, null),
      countFigure('expired', 'Expired', expired.count, listLink('demand', { live: false })),
    ],
    breakdowns: [],
    items: best.list.map((row) => ({
      key: row.id,
      title: `${row.name} · ${row.userName}`,
      detail: `${row.criteria} · ${row.matches === 1 ? '1 stone matches' : `${row.matches ?? 0} stones match`}`,
      at: row.expiresAt,
      link: `demand/${row.userId}`,
    })),
  };
}

/** Customers' comments on stones (the spec's CommentsCount): all, today's against a week before. */
export async function commentsTile(ctx: AppContext, viewer: DashboardViewer): Promise<DashboardTileBody> {
  const today = viewer.day(0).date;
  const lastWeek = viewer.day(-7).date;
  const [all, now, before] = await Promise.all([
    commentSummary(ctx.db, undefined),
    commentSummary(ctx.db, { createdAt: { from: today, to: today } }),
    commentSummary(ctx.db, { createdAt: { from: lastWeek, to: lastWeek } }),
  ]);
  return {
    figures: [
      countFigure('comments', 'Comments', all.comments, 'comment'),
      countFigure(
        'today',
        'Comments today',
        now.comments,
        listLink('comment', { createdAt: dayRange(today) }),
        before.comments,
      ),
      countFigure('stones', 'Stones commented on', all.stones, null),
      countFigure('customers', 'Customers commenting', all.customers, null),
    ],
    breakdowns: [],
    items: [],
  };
}

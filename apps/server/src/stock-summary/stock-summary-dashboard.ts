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
import { count } from 'drizzle-orm';
import type { AppContext } from '../app-context.ts';
import { countFigure, dayRange, listLink } from '../dashboard/dashboard-figures.ts';
import { weekOnWeek } from '../dashboard/week-on-week.ts';
import { commentWhere, countCommentsEach } from '../diamond-comments/diamond-comment-queries.ts';
import type { DashboardTileBody, DashboardViewer } from '../modules/server-module.ts';
import { blockPage, blockWhere, countBlocksEach } from './block-queries.ts';
import { commentSummary } from './comment-counts.ts';
import { demandPage, demandSummary } from './demand-store.ts';
import { countTracksEach, trackPage, trackWhere } from './track-queries.ts';

/** How many records a tile names. */
const ITEMS = 5;
/** A hold "about to lapse" ends within this many hours. */
const LAPSE_HOURS = 24;
/** A demand "ending this week" ends on the reader's today or one of the days after, a week in all. */
const WEEK_DAYS = 7;
/** Every state of a block: the hold list then shows ended ones too, not only the live (its default). */
const ALL_BLOCK_STATES = STONE_BLOCK_STATE_OPTIONS.map((option) => option.value);

const stoneOf = (row: { stockNumber: string; carat: number | null }) =>
  row.carat === null ? row.stockNumber : `${row.stockNumber} (${formatCarat(row.carat)} ct)`;

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

/** The hold list's address of the holds placed on a day, in every state (not only the live ones). */
const holdsPlacedLink = (date: string) =>
  listLink('hold', { kind: STONE_BLOCK_KINDS.hold, state: ALL_BLOCK_STATES, createdAt: dayRange(date) });

/**
 * Today's carts, enquiries, offers and holds against the same weekday a week before, each for a viewer
 * of its module and counted by the conditions of the list it opens (read in the reader's zone, as the
 * panel's lists send it), with the offers still waiting for a decision.
 */
export async function activityTile(ctx: AppContext, viewer: DashboardViewer): Promise<DashboardTileBody> {
  const { timeZone } = viewer;
  const kinds = ACTIVITY.filter((kind) => viewer.can(kind.module));
  const offers = viewer.can('Offer');
  const holds = viewer.can('Hold');
  const [tracks, held, open] = await Promise.all([
    weekOnWeek(
      viewer,
      kinds.map((kind) => ({
        key: kind.key,
        label: kind.label,
        on: (date) =>
          trackWhere(
            trackPaginateSchema.parse({
              page: 1,
              limit: 1,
              filter: { trackType: kind.trackType, createdAt: { from: date, to: date } },
              timeZone,
            }),
            [kind.trackType],
          ),
        link: (date) => listLink(kind.route, { createdAt: dayRange(date) }),
      })),
      (selection, where) => countTracksEach(ctx.db, selection, where),
    ),
    weekOnWeek(
      viewer,
      holds
        ? [
            {
              key: 'holds',
              label: 'Holds placed',
              on: (date) =>
                blockWhere(
                  blockPaginateSchema.parse({
                    page: 1,
                    limit: 1,
                    filter: {
                      kind: STONE_BLOCK_KINDS.hold,
                      state: ALL_BLOCK_STATES,
                      createdAt: { from: date, to: date },
                    },
                    timeZone,
                  }),
                ),
              link: holdsPlacedLink,
            },
          ]
        : [],
      (selection, where) => countBlocksEach(ctx.db, selection, where),
    ),
    offers
      ? trackPage(
          ctx.db,
          trackPaginateSchema.parse({
            page: 1,
            limit: 1,
            filter: { trackType: TRACK_TYPES.offer, offerStatus: OFFER_STATUSES.pending },
          }),
          [TRACK_TYPES.offer],
        )
      : undefined,
  ]);
  const figures: DashboardFigure[] = [...tracks, ...held];
  if (open) {
    figures.push(
      countFigure(
        'offers-to-answer',
        'Offers to answer',
        open.count,
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

/** The live holds and memos, those ending within a day, and the next to lapse, as the hold list counts them. */
export async function holdsTile(ctx: AppContext): Promise<DashboardTileBody> {
  const [live, lapsing] = await Promise.all([
    blockPage(ctx.db, blockPaginateSchema.parse({ page: 1, limit: 1 })),
    blockPage(
      ctx.db,
      blockPaginateSchema.parse({
        page: 1,
        limit: ITEMS,
        filter: { endsWithin: LAPSE_HOURS },
        sort: { expiresAt: 'asc' },
      }),
    ),
  ]);
  return {
    figures: [
      countFigure('live-holds', 'Live holds and memos', live.count, 'hold'),
      countFigure(
        'lapsing',
        `Ending within ${LAPSE_HOURS} hours`,
        lapsing.count,
        listLink('hold', { endsWithin: LAPSE_HOURS }),
      ),
    ],
    breakdowns: [],
    items: lapsing.list.map((row) => ({
      key: row.id,
      title: `${stoneOf(row)} for ${row.userName}`,
      detail: row.kind === STONE_BLOCK_KINDS.memo ? 'Memo' : 'Hold',
      at: row.expiresAt,
      link: `hold/${row.userId}`,
    })),
  };
}

/**
 * The demand book at a glance (the spec's Demand/summary) and the live demands most stones match, each
 * figure counted by the demand list it opens; "this week" is the reader's today and the six days after.
 */
export async function demandTile(ctx: AppContext, viewer: DashboardViewer): Promise<DashboardTileBody> {
  const week = { from: viewer.day(0).date, to: viewer.day(WEEK_DAYS - 1).date };
  const count = (filter: Record<string, unknown>) =>
    demandPage(
      ctx.db,
      demandPaginateSchema.parse({ page: 1, limit: 1, filter, timeZone: viewer.timeZone }),
    ).then((page) => page.count);
  const [summary, best, matched, ending, expired] = await Promise.all([
    demandSummary(ctx.db),
    demandPage(ctx.db, demandPaginateSchema.parse({ page: 1, limit: ITEMS, sort: { matches: 'desc' } })),
    count({ matched: true }),
    count({ expiresAt: week }),
    count({ live: false }),
  ]);
  return {
    figures: [
      countFigure('live', 'Live demands', best.count, 'demand'),
      countFigure('matched', 'Matched by stock now', matched, listLink('demand', { matched: true })),
      countFigure(
        'expiring',
        'Ending this week',
        ending,
        listLink('demand', { expiresAt: dayRange(week.from, week.to) }),
      ),
      // Customers, not demands: no list counts them one a row.
      countFigure('customers', 'Customers', summary.customers, null),
      countFigure('expired', 'Expired', expired, listLink('demand', { live: false })),
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

/**
 * Customers' comments on stones (the spec's CommentsCount): all and today's against a week before, as
 * the comment list counts them; the stones and customers commenting, which no list counts one a row.
 */
export async function commentsTile(ctx: AppContext, viewer: DashboardViewer): Promise<DashboardTileBody> {
  const { timeZone } = viewer;
  const [all, summary, today] = await Promise.all([
    countCommentsEach(ctx.db, { value: count() }, commentWhere({})),
    commentSummary(ctx.db, undefined),
    weekOnWeek(
      viewer,
      [
        {
          key: 'today',
          label: 'Comments today',
          on: (date) => commentWhere({ filter: { createdAt: { from: date, to: date } }, timeZone }),
          link: (date) => listLink('comment', { createdAt: dayRange(date) }),
        },
      ],
      (selection, where) => countCommentsEach(ctx.db, selection, where),
    ),
  ]);
  return {
    figures: [
      countFigure('comments', 'Comments', all?.value ?? 0, 'comment'),
      ...today,
      countFigure('stones', 'Stones commented on', summary.stones, null),
      countFigure('customers', 'Customers commenting', summary.customers, null),
    ],
    breakdowns: [],
    items: [],
  };
}

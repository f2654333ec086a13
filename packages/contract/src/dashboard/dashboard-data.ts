import { z } from 'zod';
import type { AdminModuleName } from '../access/admin-modules.ts';
import { defineEndpoint } from '../endpoints/endpoint.ts';
import { exportRequestFields } from '../resources/list-request.ts';

/** How a figure reads: a count, carats, money (USD), or a percentage as written (-32.5 for -32.50 %). */
export const DASHBOARD_FIGURE_DISPLAYS = ['count', 'carat', 'money', 'percent'] as const;

/** One figure of a tile, and the list it counts, filtered to the same rows. */
export const dashboardFigureSchema = z.object({
  key: z.string(),
  label: z.string(),
  value: z.number().nullable(),
  display: z.enum(DASHBOARD_FIGURE_DISPLAYS),
  /** The same figure on the day it is compared with (the same weekday a week before), where it is. */
  previous: z.number().nullable().optional(),
  /** The list the figure counts, as a panel route with its filter in the address (`stock?shapeId=…`). */
  link: z.string().nullable(),
});
export type DashboardFigure = z.infer<typeof dashboardFigureSchema>;

/** A record a tile names: the latest enquiries, the holds about to lapse. */
export const dashboardItemSchema = z.object({
  key: z.string(),
  title: z.string(),
  detail: z.string(),
  /** The moment that matters (asked at, lapses at), an ISO instant. */
  at: z.string().nullable(),
  link: z.string().nullable(),
});
export type DashboardItem = z.infer<typeof dashboardItemSchema>;

/** A figure broken down by what it counts (stones by shape), drawn as a chart with its table. */
export const dashboardBreakdownSchema = z.object({
  key: z.string(),
  title: z.string(),
  figures: z.array(dashboardFigureSchema),
});

export const dashboardTileSchema = z.object({
  key: z.string(),
  title: z.string(),
  figures: z.array(dashboardFigureSchema),
  breakdowns: z.array(dashboardBreakdownSchema),
  items: z.array(dashboardItemSchema),
  /** The tile could not be read just now (its reader failed; the other tiles are answered). */
  failed: z.boolean().optional(),
});
export type DashboardTile = z.infer<typeof dashboardTileSchema>;

export const dashboardDataSchema = z.object({
  /** The tiles of the modules the caller may read, in the dashboard's order. */
  tiles: z.array(dashboardTileSchema),
  /** When the figures were read. */
  at: z.string(),
});
export type DashboardData = z.infer<typeof dashboardDataSchema>;

/**
 * The dashboard's tiles in their order, each with the permission modules whose readers see it (any of
 * them; a tile of several shows each reader only the figures of the modules they hold). A feature fills
 * its tiles on the server (its module's `dashboardTiles`); the dashboard answers those the caller may
 * read, in one request.
 */
export const DASHBOARD_TILES = [
  { key: 'stock', title: 'Stock', modules: ['Stock Master'] },
  { key: 'activity', title: 'Customer activity today', modules: ['Cart', 'Enquiry', 'Offer', 'Hold'] },
  { key: 'enquiries', title: 'Latest enquiries', modules: ['Enquiry'] },
  { key: 'holds', title: 'Holds about to lapse', modules: ['Hold'] },
  { key: 'demand', title: 'Demand', modules: ['Demand'] },
  { key: 'comments', title: 'Comments', modules: ['Comment'] },
  { key: 'kyc', title: 'Companies waiting for KYC', modules: ['Account'] },
  { key: 'appointments', title: 'Appointments', modules: ['Cabin'] },
  { key: 'parcel-orders', title: 'Parcel orders', modules: ['Parcel Order'] },
  { key: 'sync', title: 'Last synchronisation', modules: ['Sync Setting'] },
  { key: 'waiting', title: 'Waiting for you', modules: ['Contact', 'Suggestion', 'Banner'] },
] as const satisfies readonly { key: string; title: string; modules: readonly AdminModuleName[] }[];
export type DashboardTileKey = (typeof DASHBOARD_TILES)[number]['key'];

/**
 * The reader's time zone: "today" and "this week" are the reader's days, as the lists the figures open
 * read the days of their address (UTC when none is named).
 */
export const dashboardRequestSchema = z.strictObject({ timeZone: exportRequestFields.timeZone });

export const DASHBOARD_ENDPOINTS = {
  data: defineEndpoint({
    method: 'POST',
    path: 'apis/dashboard-data/paginate',
    tag: 'Dashboard',
    summary: 'Every dashboard tile the caller may read, with its figures and the lists they open.',
    access: { module: 'Login', action: 'view' },
    body: dashboardRequestSchema,
    answer: { data: dashboardDataSchema },
  }),
};

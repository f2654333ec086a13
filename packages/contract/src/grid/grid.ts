import { z } from 'zod';
import { defineEndpoint } from '../endpoints/endpoint.ts';

export const gridColumnSchema = z.object({
  key: z.string().min(1).max(60),
  visible: z.boolean(),
  width: z.number().int().min(40).max(1000).optional(),
});

export const gridKeySchema = z.object({ grid: z.string().min(1).max(60) });

export const gridUpsertSchema = gridKeySchema.extend({ columns: z.array(gridColumnSchema).max(200) });

export type GridColumn = z.infer<typeof gridColumnSchema>;

/** `get-columns` answers the saved choice, or `columns: null` when the user kept the defaults. */
export const gridColumnsDataSchema = z.object({
  grid: z.string(),
  columns: z.array(gridColumnSchema).nullable(),
});
export type GridColumnsData = z.infer<typeof gridColumnsDataSchema>;

/**
 * Column choices of a list, remembered per user (`grid` is the resource name or another list key):
 * every signed-in user reads and writes their own only.
 */
export const GRID_ENDPOINTS = {
  getColumns: defineEndpoint({
    method: 'POST',
    path: 'apis/grid/get-columns',
    tag: 'Grid columns',
    summary: "The caller's saved column choice of a list, or null columns when they kept the defaults.",
    access: { authenticated: true },
    body: gridKeySchema,
    answer: { data: gridColumnsDataSchema },
  }),
  upsert: defineEndpoint({
    method: 'POST',
    path: 'apis/grid/upsert',
    tag: 'Grid columns',
    summary: "Saves the caller's column choice of a list.",
    access: { authenticated: true },
    body: gridUpsertSchema,
    answer: { data: gridColumnsDataSchema },
  }),
  list: defineEndpoint({
    method: 'POST',
    path: 'apis/grid/list',
    tag: 'Grid columns',
    summary: 'Every column choice the caller saved, by list.',
    access: { authenticated: true },
    answer: { data: z.array(gridColumnsDataSchema) },
  }),
};

import { z } from 'zod';
import { defineEndpoint, pageOf } from '../endpoints/endpoint.ts';
import { paginateRequestSchema } from '../envelope.ts';
import { oneOrMany } from '../resources/list-request.ts';

/** Wording of the customers' layout search. */
export const LAYOUT_SEARCH_MESSAGES = {
  caratOrder: 'Enter a carat range whose start is not above its end.',
  stoneOrder: 'Enter a stone count range whose start is not above its end.',
  layoutMaster: 'Choose a layout category from the list.',
  shape: 'Choose a shape from the list.',
  found: (count: number) => `${count} ${count === 1 ? 'layout' : 'layouts'} found.`,
} as const;

const range = (error: string) =>
  z
    .strictObject({
      from: z.number({ error }).min(0, { error }).max(100_000, { error }).optional(),
      to: z.number({ error }).min(0, { error }).max(100_000, { error }).optional(),
    })
    .refine((value) => value.from === undefined || value.to === undefined || value.from <= value.to, {
      error,
      path: ['from'],
    });

/**
 * What a customer looks for in the certified layouts: categories (layout masters), shapes (a layout
 * with any stone of one of them), the layout's total carats and its number of stones. Every criterion
 * is optional; none lists every layout on offer.
 */
export const layoutSearchFilterSchema = z.strictObject({
  layoutMasterId: oneOrMany(z.uuid({ error: LAYOUT_SEARCH_MESSAGES.layoutMaster })).optional(),
  shapeId: oneOrMany(z.uuid({ error: LAYOUT_SEARCH_MESSAGES.shape })).optional(),
  carats: range(LAYOUT_SEARCH_MESSAGES.caratOrder).optional(),
  stoneCount: range(LAYOUT_SEARCH_MESSAGES.stoneOrder).optional(),
});
export type LayoutSearchFilter = z.infer<typeof layoutSearchFilterSchema>;

export const customerLayoutSearchSchema = paginateRequestSchema
  .pick({ page: true, limit: true, search: true })
  .extend({ filter: layoutSearchFilterSchema.optional() });
export type CustomerLayoutSearchRequest = z.infer<typeof customerLayoutSearchSchema>;

/** A layout as a customer reads it: what it holds and what it costs, not who on the staff keeps it. */
export const customerLayoutSchema = z.object({
  id: z.string(),
  layoutNumber: z.string(),
  name: z.string(),
  layoutMasterId: z.string().nullable(),
  layoutMasterTitle: z.string().nullable(),
  description: z.string().nullable(),
  stoneCount: z.number().int(),
  carats: z.number(),
  amount: z.number(),
  averageDiscount: z.number().nullable(),
  averagePricePerCarat: z.number().nullable(),
  colorRange: z.string().nullable(),
  clarityRange: z.string().nullable(),
  sizeRange: z.string().nullable(),
});
export type CustomerLayout = z.infer<typeof customerLayoutSchema>;

/**
 * The storefront's layout search, for the signed-in customer of an approved company allowed to search
 * diamonds. Every search is recorded for the layout search report.
 */
export const CUSTOMER_LAYOUT_ENDPOINTS = {
  search: defineEndpoint({
    method: 'POST',
    path: 'apis/customer/layout/search',
    tag: 'Customer side',
    summary:
      'Searches the certified layouts on offer (active, with stones in stock) by category, shape, total carats and stone count.',
    access: { customerModules: ['searchDiamond'], action: 'view' },
    body: customerLayoutSearchSchema,
    answer: { data: pageOf(customerLayoutSchema) },
  }),
};

import { z } from 'zod';
import { anyRecordSchema } from '../resources/record-schema.ts';
import { createSchemaOf, exportSchemaOf, paginateSchemaOf, updateSchemaOf } from '../resources/schemas.ts';
import { stoneResource } from '../stock/stone.ts';
import {
  LAYOUT_MESSAGES,
  type LayoutCreateRequest,
  type LayoutUpdateRequest,
  layoutResource,
  MAX_LAYOUT_STONES,
} from './layout-resource.ts';

const stoneIdsSchema = z
  .array(z.uuid({ error: 'Choose stones from the stock.' }))
  .max(MAX_LAYOUT_STONES, { error: LAYOUT_MESSAGES.tooManyStones });

// The schemas generated from the declaration type their fields loosely; they check exactly the fields
// of LayoutFieldValues, which the casts state.

/** Create: the layout's fields and its stones in order (`stoneIds`, none by default). */
export const layoutCreateSchema = createSchemaOf(layoutResource).extend({
  stoneIds: stoneIdsSchema.default([]),
}) as unknown as z.ZodType<LayoutCreateRequest>;

/** Update: any of the fields; `stoneIds`, when given, is the whole new list of stones. */
export const layoutUpdateSchema = updateSchemaOf(layoutResource).extend({
  stoneIds: stoneIdsSchema.optional(),
}) as unknown as z.ZodType<LayoutUpdateRequest>;

export const layoutPaginateSchema = paginateSchemaOf(layoutResource);
export const layoutExportSchema = exportSchemaOf(layoutResource);

const discountSpec = stoneResource.fields.marketingBack;
const priceSpec = stoneResource.fields.marketingPricePerCarat;

/**
 * `admin/layout/price`: `{id, discount}` prices every stone at Rap × (1 + discount / 100);
 * `{id, pricePerCarat}` gives every stone that price per carat (its discount follows from its Rap).
 */
export const layoutPriceSchema = z
  .strictObject({
    id: z.uuid({ error: LAYOUT_MESSAGES.notFound }),
    discount: z
      .number({ error: 'Enter the discount as a number.' })
      .gt(-100, { error: 'Enter a discount above -100 %.' })
      .max(discountSpec?.max ?? 1000, {
        error: `Enter a discount of at most ${discountSpec?.max ?? 1000} %.`,
      })
      .optional(),
    pricePerCarat: z
      .number({ error: 'Enter the price per carat as a number.' })
      .positive({ error: 'Enter a price per carat above 0.' })
      .max(priceSpec?.max ?? 100_000_000, {
        error: `Enter a price per carat of at most ${priceSpec?.max ?? 100_000_000}.`,
      })
      .optional(),
  })
  .superRefine((body, context) => {
    if ((body.discount === undefined) === (body.pricePerCarat === undefined)) {
      context.addIssue({ code: 'custom', path: ['discount'], message: LAYOUT_MESSAGES.priceOne });
    }
  });
export type LayoutPriceRequest = z.infer<typeof layoutPriceSchema>;

/** A layout as the list and the view answer it: its fields, its master's name and its summary. */
export const layoutRecordSchema = anyRecordSchema.extend({
  layoutNumber: z.string(),
  name: z.string(),
  layoutMasterId: z.string().nullable(),
  layoutMasterTitle: z.string().nullable(),
  description: z.string().nullable(),
  remarks: z.string().nullable(),
  isActive: z.boolean(),
  stoneCount: z.number().int(),
  carats: z.number(),
  amount: z.number(),
  /** Null when no stone has both a Rap price and an amount. */
  averageDiscount: z.number().nullable(),
  averagePricePerCarat: z.number().nullable(),
  /** Best to lowest grade present, by the masters' sequence: `D-F`, or `E` alone; null when none. */
  colorRange: z.string().nullable(),
  clarityRange: z.string().nullable(),
  /** Smallest to largest carat: `0.50-1.02`. */
  sizeRange: z.string().nullable(),
});
export type LayoutRecord = z.infer<typeof layoutRecordSchema>;

/** One stone of a layout, with its grades' names (`shapeTitle`, as the engine names reference titles). */
export const layoutStoneSchema = z.object({
  id: z.string(),
  position: z.number().int(),
  stockNumber: z.string(),
  certificateNumber: z.string().nullable(),
  status: z.string(),
  labTitle: z.string().nullable(),
  shapeTitle: z.string().nullable(),
  carat: z.number(),
  colorTitle: z.string().nullable(),
  clarityTitle: z.string().nullable(),
  cutTitle: z.string().nullable(),
  polishTitle: z.string().nullable(),
  symmetryTitle: z.string().nullable(),
  fluorescenceTitle: z.string().nullable(),
  rapPrice: z.number().nullable(),
  marketingBack: z.number().nullable(),
  marketingPricePerCarat: z.number().nullable(),
  amount: z.number().nullable(),
});
export type LayoutStone = z.infer<typeof layoutStoneSchema>;

/** `admin/layout/view/{id}` (and what create, update and price answer). */
export const layoutDetailSchema = layoutRecordSchema.extend({
  /** In the layout's order. */
  stones: z.array(layoutStoneSchema),
});
export type LayoutDetail = z.infer<typeof layoutDetailSchema>;

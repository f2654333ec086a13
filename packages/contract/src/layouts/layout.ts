import { z } from 'zod';
import { field } from '../resources/fields.ts';
import { anyRecordSchema } from '../resources/record-schema.ts';
import { defineResource } from '../resources/resource.ts';
import { createSchemaOf, exportSchemaOf, paginateSchemaOf, updateSchemaOf } from '../resources/schemas.ts';
import { stoneResource } from '../stock/stone.ts';

/** Most stones one layout holds: a riviere or a bracelet layout has tens, a big lot a few hundred. */
export const MAX_LAYOUT_STONES = 1000;

/**
 * A certified layout: a numbered group of real stones offered together (a matched set for a riviere,
 * a tennis bracelet, pairs), under a layout master. A stone belongs to one layout at most.
 *
 * The declaration describes a layout as the list answers it: its own fields, then the summary figures
 * of its live stones (`form: false`), computed by the server on every read, never stored. It is not
 * in RESOURCES: the layout's endpoints (section 7, "Certified") are the server's own, since a layout
 * is written with its stones and read with their figures; the declaration gives them their payload
 * schemas, and the panel its columns, filters and export.
 */
export const layoutResource = defineResource({
  name: 'layout',
  title: 'Layout',
  module: 'CertLayout',
  api: 'admin/layout',
  table: 'layouts',
  views: [{ route: 'cert', title: 'Certified layouts' }],
  titleField: 'layoutNumber',
  defaultSort: { field: 'layoutNumber', direction: 'asc' },
  operations: { create: true, update: true, delete: 'soft', export: true },
  fields: {
    layoutNumber: field.text('Layout #', { required: true, max: 40, unique: true, sort: true, search: true }),
    name: field.text('Name', { required: true, max: 120, sort: true, search: true }),
    // Summary of the live stones, first in the list: what a trader reads of a layout.
    stoneCount: field.integer('Stones', { form: false, sort: true, filter: 'range', min: 0 }),
    carats: field.decimal('Carats', { form: false, scale: 3, sort: true, filter: 'range', min: 0 }),
    amount: field.decimal('Amount', { form: false, scale: 2, sort: true, filter: 'range', min: 0 }),
    averageDiscount: field.decimal('Discount %', {
      form: false,
      scale: 2,
      sort: true,
      help: 'Amount over Rap value (Rap price × carat) of the stones having a Rap price.',
    }),
    averagePricePerCarat: field.decimal('Price/ct', { form: false, scale: 2, sort: true }),
    colorRange: field.text('Colors', { form: false }),
    clarityRange: field.text('Clarities', { form: false }),
    sizeRange: field.text('Sizes (ct)', { form: false }),
    layoutMasterId: field.reference('Layout master', 'layoutMaster', { filter: 'eq' }),
    description: field.longText('Description', { max: 2000, list: false }),
    remarks: field.longText('Remarks', { max: 2000, list: false }),
    isActive: field.boolean('Active', { defaultValue: true, filter: 'eq' }),
  },
});

export const LAYOUT_MESSAGES = {
  created: 'Layout created.',
  updated: 'Layout updated.',
  deleted: 'Layout deleted; its stones are free for other layouts.',
  repriced: (stones: number) => `Layout repriced: ${stones} ${stones === 1 ? 'stone' : 'stones'}.`,
  notFound: 'Layout not found.',
  tooManyStones: `A layout holds at most ${MAX_LAYOUT_STONES} stones.`,
  stonesNotFound: (count: number) =>
    `${count} of the chosen stones ${count === 1 ? 'is' : 'are'} no longer in stock; search them again.`,
  stoneTaken: (stock: string, layout: string) => `Stone ${stock} is already in layout ${layout}.`,
  priceOne: 'Give either a discount or a price per carat.',
  noStones: 'This layout has no stones to price.',
  noRapPrice: (numbers: string) =>
    `These stones have no Rap price, so a discount cannot price them: ${numbers}. Price the layout per carat, or take them out of it.`,
  stonePriceInvalid: (stock: string, message: string) => `Stone ${stock}: ${message}`,
} as const;

const stoneIdsSchema = z
  .array(z.uuid({ error: 'Choose stones from the stock.' }))
  .max(MAX_LAYOUT_STONES, { error: LAYOUT_MESSAGES.tooManyStones });

/** A layout's own fields as written: what `layoutCreateSchema` and `layoutUpdateSchema` check. */
export interface LayoutFieldValues {
  layoutNumber: string;
  name: string;
  layoutMasterId?: string | null;
  description?: string | null;
  remarks?: string | null;
  isActive?: boolean;
}
export type LayoutCreateRequest = LayoutFieldValues & { stoneIds: string[] };
export type LayoutUpdateRequest = Partial<LayoutFieldValues> & { stoneIds?: string[] };

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
      .number({ error: 'Discount must be a number.' })
      .gt(-100, { error: 'Discount must be above -100 %.' })
      .max(discountSpec?.max ?? 1000, { error: `Discount must be at most ${discountSpec?.max ?? 1000} %.` })
      .optional(),
    pricePerCarat: z
      .number({ error: 'Price per carat must be a number.' })
      .positive({ error: 'Price per carat must be above 0.' })
      .max(priceSpec?.max ?? 100_000_000, { error: 'Price per carat is too large.' })
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

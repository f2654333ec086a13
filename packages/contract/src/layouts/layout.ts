import { z } from 'zod';
import { field } from '../resources/fields.ts';
import { defineResource } from '../resources/resource.ts';
import {
  createSchemaOf,
  exportSchemaOf,
  paginateSchemaOf,
  type ResourceRecord,
  updateSchemaOf,
} from '../resources/schemas.ts';
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

/** The spec's certified-layout calls, and the engine-like ones a layout also has. */
export const LAYOUT_PATHS = {
  paginate: 'admin/layout/paginate',
  create: 'admin/layout/create',
  /** PUT updates, DELETE deletes (the stones are released). */
  byId: (id: string) => `admin/layout/${id}`,
  /** The layout with its stones and summary. */
  view: (id: string) => `admin/layout/view/${id}`,
  /** Reprices every stone of a layout. */
  price: 'admin/layout/price',
  history: (id: string) => `admin/layout/${id}/history`,
  export: 'admin/layout/export',
} as const;

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
export interface LayoutRecord extends ResourceRecord {
  layoutNumber: string;
  name: string;
  layoutMasterId: string | null;
  layoutMasterTitle: string | null;
  description: string | null;
  remarks: string | null;
  isActive: boolean;
  stoneCount: number;
  carats: number;
  amount: number;
  /** Null when no stone has both a Rap price and an amount. */
  averageDiscount: number | null;
  averagePricePerCarat: number | null;
  /** Best to lowest grade present, by the masters' sequence: `D-F`, or `E` alone; null when none. */
  colorRange: string | null;
  clarityRange: string | null;
  /** Smallest to largest carat: `0.50-1.02`. */
  sizeRange: string | null;
}

/** One stone of a layout, with its grades' names (`shapeTitle`, as the engine names reference titles). */
export interface LayoutStone {
  id: string;
  position: number;
  stockNumber: string;
  certificateNumber: string | null;
  status: string;
  labTitle: string | null;
  shapeTitle: string | null;
  carat: number;
  colorTitle: string | null;
  clarityTitle: string | null;
  cutTitle: string | null;
  polishTitle: string | null;
  symmetryTitle: string | null;
  fluorescenceTitle: string | null;
  rapPrice: number | null;
  marketingBack: number | null;
  marketingPricePerCarat: number | null;
  amount: number | null;
}

/** `admin/layout/view/{id}` (and what create, update and price answer). */
export interface LayoutDetail extends LayoutRecord {
  /** In the layout's order. */
  stones: LayoutStone[];
}

import { field } from '../resources/fields.ts';
import { recordOutcomeMessage } from '../resources/record-labels.ts';
import { defineResource } from '../resources/resource.ts';

// The layout's declaration, wording and written fields: no schema, and free of zod, apart from layout.ts,
// because the layout list reads them on its first load (docs/performance.md).

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
    carats: field.decimal('Carats', {
      form: false,
      scale: 3,
      display: 'carat',
      sort: true,
      filter: 'range',
      min: 0,
    }),
    amount: field.decimal('Amount', {
      form: false,
      scale: 2,
      display: 'money',
      sort: true,
      filter: 'range',
      min: 0,
    }),
    averageDiscount: field.decimal('Discount %', {
      form: false,
      scale: 2,
      display: 'percent',
      sort: true,
      help: 'Amount over Rap value (Rap price × carat) of the stones having a Rap price.',
    }),
    averagePricePerCarat: field.decimal('Price/ct', { form: false, scale: 2, display: 'money', sort: true }),
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
  deleted: (name: string) =>
    `${recordOutcomeMessage('layout', name, 'deleted').slice(0, -1)}; its stones are free for other layouts.`,
  repriced: (stones: number) => `Layout repriced: ${stones} ${stones === 1 ? 'stone' : 'stones'}.`,
  notFound: 'Layout not found.',
  tooManyStones: `A layout holds at most ${MAX_LAYOUT_STONES} stones.`,
  stonesNotFound: (count: number) =>
    `${count} of the chosen stones ${count === 1 ? 'is' : 'are'} no longer in stock; search them again.`,
  stoneTaken: (stock: string, layout: string) => `Stone ${stock} is already in layout ${layout}.`,
  priceOne: 'Enter either a discount or a price per carat.',
  noStones: 'This layout has no stones to price.',
  noRapPrice: (numbers: string) =>
    `These stones have no Rap price, so a discount cannot price them: ${numbers}. Price the layout per carat, or take them out of it.`,
  stonePriceInvalid: (stock: string, message: string) => `Stone ${stock}: ${message}`,
} as const;

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

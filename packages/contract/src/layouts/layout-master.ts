import { z } from 'zod';
import { paginateRequestSchema } from '../envelope.ts';
import { field } from '../resources/fields.ts';
import { defineResource, FULL_OPERATIONS } from '../resources/resource.ts';
import { RESOURCE_MESSAGES, updateSchemaOf } from '../resources/schemas.ts';

/**
 * Layout masters: the categories certified layouts are grouped under ("Round 1ct D-F", "Fancy pairs",
 * "Tennis bracelet 0.10 ct"). The optional criteria say which stones belong in a layout of the
 * category; the layout form shows them beside its stone search.
 */
export const layoutMasterResource = defineResource({
  name: 'layoutMaster',
  title: 'Layout master',
  module: 'CertLayout',
  api: 'admin/layoutmaster',
  table: 'layout_masters',
  views: [
    {
      route: 'layout-master',
      title: 'Layout master',
      menu: { group: 'Masters', id: 114, name: 'Layout Master' },
    },
  ],
  titleField: 'name',
  defaultSort: { field: 'sequence', direction: 'asc' },
  sequenceField: 'sequence',
  operations: FULL_OPERATIONS,
  fields: {
    name: field.text('Name', { required: true, max: 120, sort: true, search: true }),
    code: field.text('Code', { required: true, max: 40, unique: true, sort: true, search: true }),
    description: field.longText('Description', { max: 2000, list: false }),
    shapeId: field.masterValue('Shape', 'SHAPE', { filter: 'eq' }),
    colorFromId: field.masterValue('Color from', 'COLOR', { help: 'Best colour of the category.' }),
    colorToId: field.masterValue('Color to', 'COLOR', { help: 'Lowest colour of the category.' }),
    clarityFromId: field.masterValue('Clarity from', 'CLARITY', { help: 'Best clarity of the category.' }),
    clarityToId: field.masterValue('Clarity to', 'CLARITY', { help: 'Lowest clarity of the category.' }),
    sizeId: field.reference('Size', 'size', { filter: 'eq', help: 'The carat bracket of the category.' }),
    sequence: field.integer('Sequence', { min: 0, max: 1_000_000, sort: true, defaultValue: 0 }),
    isActive: field.boolean('Active', { defaultValue: true, filter: 'eq', toggle: true }),
  },
});

/** `admin/master/master`: every main master, or those with these codes. */
export const mainMasterListSchema = z.strictObject({
  code: z.array(z.string().trim().min(1).max(60)).min(1).max(50).optional(),
});

export const mainMasterSchema = z.object({ id: z.string(), code: z.string(), name: z.string() });
export type MainMaster = z.infer<typeof mainMasterSchema>;

/** `admin/submaster/paginate`: the active values of the main master `filter.parentId`. */
export const subMasterPaginateSchema = paginateRequestSchema.extend({
  filter: z.strictObject({
    parentId: z.uuid({ error: RESOURCE_MESSAGES.invalidReference('Parent master') }),
  }),
  sort: z.strictObject({ sequence: z.enum(['asc', 'desc', 'ASC', 'DESC']).optional() }).optional(),
});

/**
 * `admin/layoutmaster/upsert`: without `id` a create (the required fields must be there), with `id` an
 * update of the fields given.
 */
export const layoutMasterUpsertSchema = updateSchemaOf(layoutMasterResource)
  .extend({ id: z.uuid({ error: RESOURCE_MESSAGES.notFound }).optional() })
  .superRefine((body, context) => {
    if (body.id !== undefined) return;
    for (const [key, spec] of Object.entries(layoutMasterResource.fields)) {
      if (spec.required && spec.form !== false && (body as Record<string, unknown>)[key] === undefined) {
        context.addIssue({ code: 'custom', path: [key], message: RESOURCE_MESSAGES.required(spec.label) });
      }
    }
  });

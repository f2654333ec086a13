import { field } from '../resources/fields.ts';
import { defineResource, FULL_OPERATIONS } from '../resources/resource.ts';

// Apart from the layout masters' schemas and free of zod: the list screen reads it.

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

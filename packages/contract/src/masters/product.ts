import { field } from '../resources/fields.ts';
import { defineResource, FULL_OPERATIONS } from '../resources/resource.ts';

/** Products the house sells besides loose stones (jewellery lines, services), in the order shown. */
export const productResource = defineResource({
  name: 'product',
  title: 'Product',
  module: 'Product Master',
  api: 'apis/product',
  table: 'products',
  views: [
    {
      route: 'product/:id?',
      title: 'Product master',
      action: 'insert',
      menu: { group: 'Masters', id: 105, name: 'Product' },
    },
  ],
  titleField: 'name',
  defaultSort: { field: 'sequence', direction: 'asc' },
  sequenceField: 'sequence',
  operations: FULL_OPERATIONS,
  fields: {
    name: field.text('Name', { required: true, max: 120, sort: true, search: true, unique: true }),
    code: field.text('Code', { max: 30, sort: true, search: true }),
    description: field.longText('Description', { max: 2000, list: false }),
    image: field.image('Image', { list: false }),
    sequence: field.integer('Sequence', { min: 0, max: 1_000_000, sort: true, defaultValue: 0 }),
    isActive: field.boolean('Active', { defaultValue: true, filter: 'eq', toggle: true }),
  },
});

import { field } from '../resources/fields.ts';
import { defineResource, FULL_OPERATIONS } from '../resources/resource.ts';

/** Carat brackets used by pricing and search (0.30-0.39, 1.00-1.49, ...). */
export const sizeResource = defineResource({
  name: 'size',
  title: 'Size',
  module: 'Size Masters',
  api: 'apis/size',
  table: 'sizes',
  views: [
    { route: 'size-master', title: 'Size Master', menu: { group: 'Masters', id: 103, name: 'Size Master' } },
  ],
  titleField: 'name',
  defaultSort: { field: 'sequence', direction: 'asc' },
  sequenceField: 'sequence',
  operations: FULL_OPERATIONS,
  ranges: [{ from: 'fromCarat', to: 'toCarat' }],
  fields: {
    name: field.text('Name', { required: true, max: 60, sort: true, search: true }),
    group: field.text('Group', { max: 60, sort: true, search: true, filter: 'eq' }),
    fromCarat: field.decimal('From carat', {
      required: true,
      min: 0,
      max: 1000,
      scale: 3,
      display: 'carat',
      sort: true,
      filter: 'range',
    }),
    toCarat: field.decimal('To carat', {
      required: true,
      min: 0,
      max: 1000,
      scale: 3,
      display: 'carat',
      sort: true,
      filter: 'range',
    }),
    sequence: field.integer('Sequence', { min: 0, max: 1_000_000, sort: true, defaultValue: 0 }),
    isActive: field.boolean('Active', { defaultValue: true, filter: 'eq', toggle: true }),
  },
});

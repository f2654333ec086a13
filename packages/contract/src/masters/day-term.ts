import { field } from '../resources/fields.ts';
import { defineResource, FULL_OPERATIONS } from '../resources/resource.ts';

/** Payment terms offered to customer companies. */
export const dayTermResource = defineResource({
  name: 'dayTerm',
  title: 'Terms',
  itemName: 'term',
  module: 'Terms',
  api: 'apis/day-term',
  table: 'day_terms',
  views: [{ route: 'terms', title: 'Terms', menu: { group: 'Masters', id: 104, name: 'Terms' } }],
  titleField: 'name',
  defaultSort: { field: 'days', direction: 'asc' },
  operations: FULL_OPERATIONS,
  fields: {
    name: field.text('Name', { required: true, max: 120, sort: true, search: true, unique: true }),
    code: field.text('Code', { max: 30, sort: true, search: true }),
    days: field.integer('Days', { required: true, min: 0, max: 3650, sort: true, filter: 'range' }),
    extraPercent: field.decimal('Extra %', { min: -100, max: 100, scale: 2, display: 'percent' }),
    rapPercent: field.decimal('Rap %', { min: -100, max: 100, scale: 2, display: 'percent' }),
    creditLimit: field.decimal('Credit limit', { min: 0, max: 1e12, scale: 2, display: 'money', sort: true }),
    memoLimit: field.decimal('Memo limit', { min: 0, max: 1e12, scale: 2, display: 'money' }),
    currency: field.text('Currency', { max: 3, defaultValue: 'USD', filter: 'eq' }),
    description: field.longText('Description', { max: 2000, list: false }),
    isActive: field.boolean('Active', { defaultValue: true, filter: 'eq', toggle: true }),
  },
});

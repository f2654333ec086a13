import { field } from '../resources/fields.ts';
import { defineResource, FULL_OPERATIONS } from '../resources/resource.ts';

export const countryResource = defineResource({
  name: 'country',
  title: 'Country',
  module: 'Country',
  api: 'apis/country',
  table: 'countries',
  views: [{ route: 'country/:id?', title: 'Country', menu: { group: 'Masters', id: 107, name: 'Country' } }],
  titleField: 'name',
  defaultSort: { field: 'name', direction: 'asc' },
  operations: FULL_OPERATIONS,
  fields: {
    name: field.text('Name', { required: true, max: 120, sort: true, search: true }),
    code: field.text('ISO code', { required: true, max: 2, sort: true, search: true, unique: true }),
    phoneCode: field.text('Phone code', { max: 20, search: true }),
    currency: field.text('Currency', { max: 3, filter: 'eq' }),
    isActive: field.boolean('Active', { defaultValue: true, filter: 'eq', toggle: true }),
  },
});

/** `state/:id?`: the states of country `id`. */
export const stateResource = defineResource({
  name: 'state',
  title: 'State',
  module: 'State',
  api: 'apis/state',
  table: 'states',
  views: [
    {
      route: 'state/:id?',
      title: 'State',
      paramFilters: { id: 'countryId' },
      menu: { group: 'Masters', id: 108, name: 'State' },
    },
  ],
  titleField: 'name',
  defaultSort: { field: 'name', direction: 'asc' },
  operations: FULL_OPERATIONS,
  fields: {
    name: field.text('Name', { required: true, max: 120, sort: true, search: true }),
    code: field.text('Code', { max: 10, sort: true, search: true }),
    countryId: field.reference('Country', 'country', { required: true, filter: 'eq' }),
    isActive: field.boolean('Active', { defaultValue: true, filter: 'eq', toggle: true }),
  },
});

/** `city/:id?/:countryId?`: the cities of state `id`, or of country `countryId`. */
export const cityResource = defineResource({
  name: 'city',
  title: 'City',
  module: 'City',
  api: 'apis/city',
  table: 'cities',
  views: [
    {
      route: 'city/:id?/:countryId?',
      menu: { group: 'Masters', id: 109, name: 'City' },
      title: 'City',
      paramFilters: { id: 'stateId', countryId: 'countryId' },
    },
  ],
  titleField: 'name',
  defaultSort: { field: 'name', direction: 'asc' },
  operations: FULL_OPERATIONS,
  fields: {
    name: field.text('Name', { required: true, max: 120, sort: true, search: true }),
    stateId: field.reference('State', 'state', { filter: 'eq' }),
    countryId: field.reference('Country', 'country', { required: true, filter: 'eq' }),
    isActive: field.boolean('Active', { defaultValue: true, filter: 'eq', toggle: true }),
  },
});

import { field } from '../resources/fields.ts';
import { defineResource, FULL_OPERATIONS } from '../resources/resource.ts';

/** A viewing room of a location, where customers are shown stones; its slots say when it is open. */
export const cabinResource = defineResource({
  name: 'cabin',
  title: 'Cabin',
  module: 'Cabin',
  api: 'apis/cabin',
  table: 'cabins',
  views: [
    { route: 'cabin', title: 'Cabin', menu: { group: 'Appointment', id: 501, name: 'Cabin' } },
    { route: 'cabin/upsert/:id?', title: 'Cabin', action: 'insert' },
  ],
  titleField: 'name',
  defaultSort: { field: 'name', direction: 'asc' },
  operations: FULL_OPERATIONS,
  fields: {
    name: field.text('Name', { required: true, max: 120, sort: true, search: true }),
    // Its location's time zone beside it: the clock its slots are read on.
    locationId: field.reference('Location', 'location', {
      required: true,
      filter: 'eq',
      sort: true,
      details: ['timeZone'],
    }),
    capacity: field.integer('Capacity', {
      required: true,
      min: 1,
      max: 50,
      defaultValue: 4,
      sort: true,
      help: 'How many people it seats, at most 50.',
    }),
    description: field.longText('Description', { max: 1000, list: false }),
    isActive: field.boolean('Active', { defaultValue: true, filter: 'eq', toggle: true }),
  },
});

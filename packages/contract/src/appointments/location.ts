import { field } from '../resources/fields.ts';
import { defineResource, FULL_OPERATIONS } from '../resources/resource.ts';

/** Showrooms and offices where stones are viewed and cabins booked. */
export const locationResource = defineResource({
  name: 'location',
  title: 'Location',
  module: 'Location',
  api: 'apis/location',
  table: 'locations',
  views: [
    { route: 'location', title: 'Location', menu: { group: 'Appointment', id: 504, name: 'Location' } },
    { route: 'location/upsert/:id?', title: 'Location', action: 'insert' },
  ],
  titleField: 'name',
  defaultSort: { field: 'name', direction: 'asc' },
  operations: FULL_OPERATIONS,
  fields: {
    name: field.text('Name', { required: true, max: 120, sort: true, search: true, unique: true }),
    code: field.text('Code', { max: 30, sort: true, search: true }),
    address: field.longText('Address', { max: 1000, list: false, search: true }),
    cityId: field.reference('City', 'city', { filter: 'eq' }),
    countryId: field.reference('Country', 'country', { required: true, filter: 'eq' }),
    zipCode: field.text('Zip code', { max: 20, list: false }),
    phone: field.text('Phone', { max: 40 }),
    email: field.text('E-mail', { max: 200, search: true }),
    /** Where cabin slots are read and bookings are shown to staff and customers of this place. */
    timeZone: field.text('Time zone', {
      required: true,
      max: 64,
      display: 'timeZone',
      defaultValue: 'UTC',
      filter: 'eq',
      help: 'Slots of its cabins are in this zone.',
    }),
    mapUrl: field.url('Map URL', { max: 500, list: false }),
    isActive: field.boolean('Active', { defaultValue: true, filter: 'eq', toggle: true }),
  },
});

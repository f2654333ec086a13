import { ORDER_TYPE_STATUS } from '../constants.ts';
import { field } from '../resources/fields.ts';
import { defineResource, FULL_OPERATIONS } from '../resources/resource.ts';

export const ORDER_TYPE_STATUS_OPTIONS = [
  { value: ORDER_TYPE_STATUS.PENDING, label: 'Pending' },
  { value: ORDER_TYPE_STATUS.DONE, label: 'Done' },
  { value: ORDER_TYPE_STATUS.CANCEL, label: 'Cancelled' },
] as const;

const status = () =>
  field.enum('Status', ORDER_TYPE_STATUS_OPTIONS, {
    required: true,
    defaultValue: ORDER_TYPE_STATUS.PENDING,
    filter: 'eq',
    sort: true,
  });

/** Car pick-ups and drops arranged for visiting customers (Converge Service). */
export const transportResource = defineResource({
  name: 'transport',
  itemName: 'transport order',
  title: 'Transport',
  module: 'Transport',
  api: 'apis/transport',
  legacyPaths: { updateByBody: ['apis/transport/update'] },
  table: 'transport_orders',
  views: [
    {
      route: 'transport',
      title: 'Transport',
      menu: { group: 'Converge Service', id: 902, name: 'Transport' },
    },
  ],
  titleField: 'customerName',
  defaultSort: { field: 'pickupAt', direction: 'desc' },
  operations: FULL_OPERATIONS,
  fields: {
    customerName: field.text('Customer', { required: true, max: 120, sort: true, search: true }),
    companyName: field.text('Company', { max: 200, search: true }),
    phone: field.text('Phone', { max: 40, search: true }),
    pickupLocation: field.text('Pick-up', { required: true, max: 300, search: true }),
    dropLocation: field.text('Drop', { max: 300, search: true }),
    pickupAt: field.datetime('Pick-up time', { required: true, sort: true, filter: 'range' }),
    passengers: field.integer('Passengers', { min: 1, max: 50, defaultValue: 1 }),
    status: status(),
    remarks: field.longText('Remarks', { max: 2000, list: false }),
  },
});

/** Hotel stays and meals arranged for visiting customers (Converge Service). */
export const hospitalityResource = defineResource({
  name: 'hospitality',
  itemName: 'hospitality order',
  title: 'Hospitality',
  module: 'Hospitality',
  api: 'apis/product-order',
  legacyPaths: { updateByBody: ['apis/product-order/update'] },
  table: 'hospitality_orders',
  views: [
    {
      route: 'hospitality',
      title: 'Hospitality',
      menu: { group: 'Converge Service', id: 901, name: 'Hospitality' },
    },
  ],
  titleField: 'customerName',
  defaultSort: { field: 'fromDate', direction: 'desc' },
  operations: FULL_OPERATIONS,
  ranges: [{ from: 'fromDate', to: 'toDate' }],
  fields: {
    customerName: field.text('Customer', { required: true, max: 120, sort: true, search: true }),
    companyName: field.text('Company', { max: 200, search: true }),
    phone: field.text('Phone', { max: 40, search: true }),
    service: field.text('Service', {
      required: true,
      max: 200,
      search: true,
      help: 'Hotel, meal, visa letter…',
    }),
    place: field.text('Hotel or place', { max: 300, search: true }),
    fromDate: field.date('From', { required: true, sort: true, filter: 'range' }),
    toDate: field.date('To', { sort: true, filter: 'range' }),
    guests: field.integer('Guests', { min: 1, max: 50, defaultValue: 1 }),
    status: status(),
    remarks: field.longText('Remarks', { max: 2000, list: false }),
  },
});

/** Pages customers open on the website and apps; written by the client apps, read-only in the panel. */
export const pageTrackingResource = defineResource({
  name: 'pageTracking',
  itemName: 'page visit',
  title: 'Page tracking',
  module: 'Page Tracking',
  api: 'apis/analytics',
  table: 'page_tracking',
  views: [
    {
      route: 'page-tracking',
      title: 'Page tracking',
      menu: { group: 'Customer', id: 203, name: 'Page Tracking' },
    },
  ],
  titleField: 'page',
  defaultSort: { field: 'trackedAt', direction: 'desc' },
  operations: { create: false, update: false, delete: false, export: true },
  fields: {
    userName: field.text('User', { max: 200, sort: true, search: true, filter: 'eq' }),
    page: field.text('Page', { required: true, max: 200, sort: true, search: true, filter: 'eq' }),
    section: field.text('Section', { max: 200, search: true }),
    action: field.text('Action', { max: 100, search: true, filter: 'eq', display: 'code' }),
    description: field.longText('Description', { max: 2000, list: false }),
    device: field.text('Device', { max: 100, filter: 'eq' }),
    trackedAt: field.datetime('Time', { required: true, sort: true, filter: 'range' }),
  },
});

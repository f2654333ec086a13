import { defineEndpoint, idParams, pageOf } from '../endpoints/endpoint.ts';
import {
  parcelOrderDetailSchema,
  parcelOrderExportSchema,
  parcelOrderPaginateSchema,
  parcelOrderRecordSchema,
  parcelOrderStatusSchema,
} from './parcel-schemas.ts';

const TAG = 'Parcel orders';
const module = 'Parcel Order';
const SHEETS: readonly string[] = [
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'text/csv',
];

/** What staff read and move of the customers' parcel orders (spec 7). */
export const PARCEL_ORDER_ENDPOINTS = {
  paginate: defineEndpoint({
    method: 'POST',
    path: 'apis/parcel-order/paginate',
    tag: TAG,
    summary: 'Parcel orders with their customer, company, line count and totals.',
    access: { module, action: 'view' },
    body: parcelOrderPaginateSchema,
    answer: { data: pageOf(parcelOrderRecordSchema) },
  }),
  export: defineEndpoint({
    method: 'POST',
    path: 'apis/parcel-order/export',
    tag: TAG,
    summary: 'The filtered parcel orders as an XLSX or CSV file, every row.',
    access: { module, action: 'view' },
    body: parcelOrderExportSchema,
    answer: { file: SHEETS },
  }),
  get: defineEndpoint({
    method: 'GET',
    path: 'apis/parcel-order/:id',
    tag: TAG,
    summary: 'One parcel order with its lines.',
    access: { module, action: 'view' },
    params: idParams,
    answer: { data: parcelOrderDetailSchema },
  }),
  updateStatus: defineEndpoint({
    method: 'PUT',
    path: 'apis/parcel-order/update-status/:id',
    tag: TAG,
    summary: 'Moves a pending order to done or cancelled; the customer is told.',
    access: { module, action: 'update' },
    params: idParams,
    body: parcelOrderStatusSchema,
    answer: { data: parcelOrderDetailSchema },
  }),
};

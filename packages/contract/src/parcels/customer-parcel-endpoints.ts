import { defineEndpoint, pageOf } from '../endpoints/endpoint.ts';
import {
  customerParcelOrderDetailSchema,
  customerParcelOrderPaginateSchema,
  customerParcelOrderSchema,
  customerParcelSheetSchema,
  parcelNoFieldsSchema,
} from './parcel-schemas.ts';

const TAG = 'Customer side';

/**
 * The storefront's melee: today's prices and the customer's parcel orders, for the signed-in customer
 * of an approved company; the server takes the user and the company from the session.
 */
export const CUSTOMER_PARCEL_ENDPOINTS = {
  currentPrices: defineEndpoint({
    method: 'POST',
    path: 'apis/customer/parcel-price/current',
    tag: TAG,
    summary: 'The price sheet in force today (the latest on or before today), or null when there is none.',
    access: { customerModules: ['parcel', 'parcelOrder'], action: 'view' },
    body: parcelNoFieldsSchema.optional(),
    answer: { data: customerParcelSheetSchema.nullable() },
  }),
  orderCreate: defineEndpoint({
    method: 'POST',
    path: 'apis/customer/parcel-order/create',
    tag: TAG,
    summary: "Places a parcel order; each line is priced from today's sheet.",
    access: { customerModules: ['parcelOrder'], action: 'insert' },
    body: customerParcelOrderSchema,
    answer: { data: customerParcelOrderDetailSchema },
  }),
  orderPaginate: defineEndpoint({
    method: 'POST',
    path: 'apis/customer/parcel-order/paginate',
    tag: TAG,
    summary: "The customer's own parcel orders with their lines, newest first.",
    access: { customerModules: ['parcelOrder'], action: 'view' },
    body: customerParcelOrderPaginateSchema,
    answer: { data: pageOf(customerParcelOrderDetailSchema) },
  }),
};

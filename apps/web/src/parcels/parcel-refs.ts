import { endpointRefs, type PARCEL_ORDER_ENDPOINTS, type PARCEL_PRICE_ENDPOINTS } from '@facet/contract';

const SHEETS = 'Parcel Master';
const ORDERS = 'Parcel Order';

/**
 * The parcel calls of the panel, as refs: the screens' chunks hold no schema (docs/performance.md).
 * endpoint-refs.test.ts compares every ref with its declaration.
 */
export const PARCEL_PRICE_REFS = endpointRefs<typeof PARCEL_PRICE_ENDPOINTS>()({
  getDates: ['POST', 'apis/parcel-price/get-dates', { module: SHEETS, action: 'view' }],
  paginate: ['POST', 'apis/parcel-price/paginate', { module: SHEETS, action: 'view' }],
  upsert: ['POST', 'apis/parcel-price/upsert', { module: SHEETS, action: 'update' }],
  history: ['POST', 'apis/parcel-price/history', { module: SHEETS, action: 'view' }],
  export: ['POST', 'apis/parcel-price/export', { module: SHEETS, action: 'view' }],
  import: ['POST', 'apis/parcel-price/import', { module: SHEETS, action: 'update' }],
});

export const PARCEL_ORDER_REFS = endpointRefs<typeof PARCEL_ORDER_ENDPOINTS>()({
  paginate: ['POST', 'apis/parcel-order/paginate', { module: ORDERS, action: 'view' }],
  export: ['POST', 'apis/parcel-order/export', { module: ORDERS, action: 'view' }],
  get: ['GET', 'apis/parcel-order/:id', { module: ORDERS, action: 'view' }],
  updateStatus: ['PUT', 'apis/parcel-order/update-status/:id', { module: ORDERS, action: 'update' }],
});

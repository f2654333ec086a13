import type {
  BodyIn,
  PARCEL_ORDER_ENDPOINTS,
  PaginateResult,
  ParcelOrderPaginatePayload,
  ParcelOrderRecord,
  ParcelPriceUpsertPayload,
} from '@facet/contract';
import { call, callMultipart } from '../platform/api/api-client.ts';
import { download } from '../platform/api/download.ts';
import { READER_TIME_ZONE } from '../platform/lists/format.ts';
import type { PaginateBody } from '../platform/lists/list-params.ts';
import type { ExportFormat } from '../platform/resources/resource-api.ts';
import { PARCEL_ORDER_REFS as O, PARCEL_PRICE_REFS as P } from './parcel-refs.ts';

/**
 * Query keys hold the endpoint's path, so a live 'changed' event naming it refreshes the screen
 * (live/live-queries.ts).
 */
export const parcelsKey = ['parcels'] as const;
export const sheetDatesKey = [...parcelsKey, P.getDates.path] as const;
export const sheetKey = [...parcelsKey, P.paginate.path] as const;
export const priceHistoryKey = [...parcelsKey, P.history.path] as const;
export const ordersKey = [...parcelsKey, O.paginate.path] as const;
export const orderKey = [...parcelsKey, O.get.path] as const;

export const parcelsApi = {
  dates: () => call(P.getDates, {}).then((envelope) => envelope.data),
  sheet: (date: string) => call(P.paginate, { date }).then((envelope) => envelope.data),
  /** Field errors are shown on the grid's cells, so the toast is left to the screen. */
  saveSheet: (body: ParcelPriceUpsertPayload) => call(P.upsert, body, { toastErrors: false }),
  history: (sieveGroupId: string, qualityBandId: string) =>
    call(P.history, { sieveGroupId, qualityBandId }).then((envelope) => envelope.data),
  exportSheet: (date: string) => download(P.export, { date, format: 'xlsx' }, `parcel-prices-${date}.xlsx`),
  importSheet: (file: File) => {
    const form = new FormData();
    form.append('file', file);
    return callMultipart(P.import, form, { toastErrors: false });
  },
  orders: (body: PaginateBody): Promise<PaginateResult<ParcelOrderRecord>> =>
    call(O.paginate, body as ParcelOrderPaginatePayload).then((envelope) => envelope.data),
  exportOrders: (body: PaginateBody, format: ExportFormat) => {
    const { page: _page, limit: _limit, columns: _columns, ...rest } = body;
    return download(
      O.export,
      { ...(rest as BodyIn<typeof PARCEL_ORDER_ENDPOINTS.export>), format, timeZone: READER_TIME_ZONE },
      `parcel-orders.${format}`,
    );
  },
  order: (id: string) => call(O.get, undefined, { params: { id } }).then((envelope) => envelope.data),
  updateStatus: (id: string, status: 2 | 3, remarks?: string) =>
    call(O.updateStatus, { status, ...(remarks ? { remarks } : {}) }, { params: { id } }),
};

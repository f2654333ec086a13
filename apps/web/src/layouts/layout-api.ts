import {
  DIAMOND_PAGINATE_PATH,
  LAYOUT_PATHS,
  type LayoutCreateRequest,
  type LayoutDetail,
  type LayoutPriceRequest,
  type LayoutUpdateRequest,
  layoutResource,
  type PaginateResult,
  type ResourceRecord,
} from '@facet/contract';
import { apiRequest } from '../api/api-client.ts';
import { resourceApi, resourceKey } from '../resources/resource-api.ts';

/** Query-key root of the layouts: lists, views and history. */
export const LAYOUTS_KEY = resourceKey(layoutResource.name);

/**
 * The layout endpoints: the engine-shaped ones (paginate, delete, history, export) at the paths the
 * engine would use, and the layout's own (view, create and update with stones, reprice).
 */
export const layoutApi = {
  ...resourceApi(layoutResource),
  view: (id: string) =>
    apiRequest<LayoutDetail>(LAYOUT_PATHS.view(id), { method: 'GET' }).then((envelope) => envelope.data),
  createLayout: (body: LayoutCreateRequest) => apiRequest<LayoutDetail>(LAYOUT_PATHS.create, { body }),
  updateLayout: (id: string, body: LayoutUpdateRequest) =>
    apiRequest<LayoutDetail>(LAYOUT_PATHS.byId(id), { method: 'PUT', body }),
  reprice: (body: LayoutPriceRequest) => apiRequest<LayoutDetail>(LAYOUT_PATHS.price, { body }),
};

/** Stones whose stock or report number contains the text, or equals one of several pasted numbers. */
export function searchStones(text: string, limit: number): Promise<PaginateResult<ResourceRecord>> {
  const codes = text.split(/[\s,;]+/).filter(Boolean);
  const body =
    codes.length > 1
      ? { limit, filter: { stoneId: codes }, sort: { stockNumber: 'asc' } }
      : { limit, search: text.trim(), sort: { stockNumber: 'asc' } };
  return apiRequest<PaginateResult<ResourceRecord>>(DIAMOND_PAGINATE_PATH, { body }).then(
    (envelope) => envelope.data,
  );
}

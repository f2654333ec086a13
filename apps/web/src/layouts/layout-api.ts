import {
  type LayoutCreateRequest,
  type LayoutPriceRequest,
  type LayoutUpdateRequest,
  layoutResource,
  resourceRefs,
  stoneResource,
} from '@facet/contract';
import { call } from '../platform/api/api-client.ts';
import { resourceApi, resourceKey } from '../platform/resources/resource-api.ts';
import { LAYOUT_REFS } from './layout-refs.ts';

/** Query-key root of the layouts: lists, views and history. */
export const LAYOUTS_KEY = resourceKey(layoutResource.name);

/**
 * The layout endpoints: the engine-shaped ones (paginate, delete, history, export) at the paths the
 * engine would use, and the layout's own (view, create and update with stones, reprice).
 */
export const layoutApi = {
  ...resourceApi(layoutResource),
  view: (id: string) =>
    call(LAYOUT_REFS.view, undefined, { params: { id } }).then((envelope) => envelope.data),
  createLayout: (body: LayoutCreateRequest) => call(LAYOUT_REFS.create, body),
  updateLayout: (id: string, body: LayoutUpdateRequest) => call(LAYOUT_REFS.update, body, { params: { id } }),
  reprice: (body: LayoutPriceRequest) => call(LAYOUT_REFS.price, body),
};

/** Stones whose stock or report number contains the text, or equals one of several pasted numbers. */
export function searchStones(text: string, limit: number) {
  const codes = text.split(/[\s,;]+/).filter(Boolean);
  const body =
    codes.length > 1
      ? { limit, filter: { stoneId: codes }, sort: { stockNumber: 'asc' as const } }
      : { limit, search: text.trim(), sort: { stockNumber: 'asc' as const } };
  return call(resourceRefs(stoneResource).paginate, body).then((envelope) => envelope.data);
}

import { z } from 'zod';
import { defineEndpoint, pageOf } from '../endpoints/endpoint.ts';
import { paginateSchemaOf } from '../resources/schemas.ts';
import { stoneResource } from '../stock/stone.ts';

/**
 * What a customer reads of a stone in a search: its grades, lab and certificate, and the marketing
 * price. Staff-only fields (cost, status, visibility, external ids) are never read for a customer.
 */
export const CUSTOMER_STONE_COLUMNS = [
  'stockNumber',
  'shapeId',
  'carat',
  'colorId',
  // A fancy stone's colour, shown where the stone has no white grade.
  'fancyColor',
  'clarityId',
  'cutId',
  'polishId',
  'symmetryId',
  'fluorescenceId',
  'labId',
  'certificateNumber',
  'marketingBack',
  'marketingPricePerCarat',
  'amount',
] as const;

const stockSearch = paginateSchemaOf(stoneResource);

/**
 * `apis/customer/diamond/search`: the stock search's own body (its filter, sort and paging), without
 * what only staff filter by (visibility, external ids) and without a choice of columns: a customer
 * reads CUSTOMER_STONE_COLUMNS.
 */
export const customerStoneSearchSchema = stockSearch.omit({ columns: true }).extend({
  filter: stockSearch.shape.filter.unwrap().omit({ isActive: true, externalId: true, id: true }).optional(),
});
export type CustomerStoneSearch = z.input<typeof customerStoneSearchSchema>;

/** A stone found by a customer's search: its id and the fields of CUSTOMER_STONE_COLUMNS, grades titled. */
export const customerStoneSchema = z.looseObject({ id: z.string(), stockNumber: z.string() });
export type CustomerStone = z.infer<typeof customerStoneSchema>;

export const CUSTOMER_SEARCH_ENDPOINTS = {
  search: defineEndpoint({
    method: 'POST',
    path: 'apis/customer/diamond/search',
    tag: 'Customer side',
    summary:
      'Searches the stones a customer can buy (visible and available) with the stock search’s filter; the search is recorded for the search reports.',
    access: { customerModules: ['searchDiamond'], action: 'view' },
    body: customerStoneSearchSchema,
    answer: { data: pageOf(customerStoneSchema) },
  }),
};

import { z } from 'zod';
import { defineEndpoint, idParams, pageOf } from '../endpoints/endpoint.ts';
import { anyRecordSchema, recordSchemaOf } from '../resources/record-schema.ts';
import { paginateSchemaOf, updateSchemaOf } from '../resources/schemas.ts';
import {
  criteriaDataSchema,
  criteriaExportQuerySchema,
  criteriaSaveSchema,
  NONCERT_MESSAGES,
  nonCertToggleSchema,
} from './noncert-criteria.ts';
import { nonCertDiamondResource, nonCertResource } from './noncert-resources.ts';

const TAG = 'Non-certified lot';
const lotSchema = recordSchemaOf(nonCertResource);
const stoneSchema = recordSchemaOf(nonCertDiamondResource);
const module = nonCertResource.module;

/** `admin/details/view`: a paginate body naming the lot whose stones it lists. */
export const detailsViewSchema = paginateSchemaOf(nonCertDiamondResource).extend({
  id: z.uuid({ error: NONCERT_MESSAGES.lotNotFound }),
});

/** The stones of one lot, with the lot they belong to. */
const lotStonesSchema = pageOf(anyRecordSchema).extend({
  nonCert: z.object({ id: z.string(), number: z.string(), name: z.string() }),
});

/**
 * The spec's non-certified calls that are not the generic endpoints of the lot (`admin/cert/*`) and of
 * its stones (`admin/details/*`): the lot's view and toggle, its criteria (saved as one set, read,
 * exported), and its stones listed by lot and read or changed one at a time. All under NonCert.
 */
export const NONCERT_ENDPOINTS = {
  view: defineEndpoint({
    method: 'GET',
    path: 'admin/cert/view/:id',
    tag: TAG,
    summary: 'A non-certified lot, like the generic read of the lot.',
    access: { module, action: 'view' },
    params: idParams,
    answer: { data: lotSchema },
  }),
  toggle: defineEndpoint({
    method: 'POST',
    path: 'admin/noncert/toggle',
    tag: TAG,
    summary: 'Activates or deactivates a lot.',
    access: { module, action: 'update' },
    body: nonCertToggleSchema,
    answer: { data: lotSchema },
  }),
  criteriaCreate: defineEndpoint({
    method: 'POST',
    path: 'admin/criteria/create',
    tag: TAG,
    summary: "Replaces a lot's criteria with the set sent; one bad row refuses the whole set.",
    access: { module, action: 'insert' },
    body: criteriaSaveSchema,
    answer: { data: criteriaDataSchema },
  }),
  criteriaView: defineEndpoint({
    method: 'GET',
    path: 'admin/criteria/view/:id',
    tag: TAG,
    summary: "A lot's criteria rows in their order, with their totals.",
    access: { module, action: 'view' },
    params: idParams,
    answer: { data: criteriaDataSchema },
  }),
  criteriaExport: defineEndpoint({
    method: 'GET',
    path: 'admin/criteria/export/:id',
    tag: TAG,
    summary: "A lot's criteria as a spreadsheet (xlsx, the default) or CSV file.",
    access: { module, action: 'view' },
    params: idParams,
    query: criteriaExportQuerySchema,
    answer: {
      file: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'text/csv'],
    },
  }),
  detailsView: defineEndpoint({
    method: 'POST',
    path: 'admin/details/view',
    tag: TAG,
    summary: 'A page of the stones of lot `id`.',
    access: { module, action: 'view' },
    body: detailsViewSchema,
    answer: { data: lotStonesSchema },
  }),
  diamond: defineEndpoint({
    method: 'GET',
    path: 'admin/details/diamond/:id',
    tag: TAG,
    summary: 'One stone of a lot.',
    access: { module, action: 'view' },
    params: idParams,
    answer: { data: stoneSchema },
  }),
  updateDiamond: defineEndpoint({
    method: 'PUT',
    path: 'admin/details/diamond/:id',
    tag: TAG,
    summary: 'Changes one stone of a lot.',
    access: { module, action: 'update' },
    params: idParams,
    body: updateSchemaOf(nonCertDiamondResource),
    answer: { data: stoneSchema },
  }),
};

import { z } from 'zod';
import { defineEndpoint, idParams, pageOf } from '../endpoints/endpoint.ts';
import { auditEntrySchema } from '../resources/audit-trail.ts';
import { anyRecordSchema, recordSchemaOf } from '../resources/record-schema.ts';
import {
  layoutCreateSchema,
  layoutDetailSchema,
  layoutExportSchema,
  layoutPaginateSchema,
  layoutPriceSchema,
  layoutRecordSchema,
  layoutUpdateSchema,
} from './layout.ts';
import {
  layoutMasterUpsertSchema,
  mainMasterListSchema,
  mainMasterSchema,
  subMasterPaginateSchema,
} from './layout-master.ts';
import { layoutMasterResource } from './layout-master-resource.ts';
import { layoutResource } from './layout-resource.ts';

const TAG = 'Certified layouts';
const module = layoutResource.module;

/**
 * The certified layouts (spec section 7, "Certified"): list with summaries, create and update with
 * their stones, the view with stones and summary, the reprice; and, as the engine gives every
 * resource, delete, history and export. Every one is gated by CertLayout and its action.
 */
export const LAYOUT_ENDPOINTS = {
  paginate: defineEndpoint({
    method: 'POST',
    path: 'admin/layout/paginate',
    tag: TAG,
    summary: 'A page of layouts, each with the summary of its stones.',
    access: { module, action: 'view' },
    body: layoutPaginateSchema,
    answer: { data: pageOf(layoutRecordSchema) },
  }),
  view: defineEndpoint({
    method: 'GET',
    path: 'admin/layout/view/:id',
    tag: TAG,
    summary: 'A layout with its stones in order and their summary.',
    access: { module, action: 'view' },
    params: idParams,
    answer: { data: layoutDetailSchema },
  }),
  create: defineEndpoint({
    method: 'POST',
    path: 'admin/layout/create',
    tag: TAG,
    summary: 'Creates a layout with its stones; a stone already in another layout is refused.',
    access: { module, action: 'insert' },
    body: layoutCreateSchema,
    answer: { data: layoutDetailSchema },
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: 'admin/layout/:id',
    tag: TAG,
    summary: 'Changes a layout; `stoneIds`, when sent, is the whole new list of its stones.',
    access: { module, action: 'update' },
    params: idParams,
    body: layoutUpdateSchema,
    answer: { data: layoutDetailSchema },
  }),
  delete: defineEndpoint({
    method: 'DELETE',
    path: 'admin/layout/:id',
    tag: TAG,
    summary: 'Deletes a layout; its stones are free for other layouts.',
    access: { module, action: 'delete' },
    params: idParams,
    answer: { data: z.object({ id: z.string() }) },
  }),
  price: defineEndpoint({
    method: 'POST',
    path: 'admin/layout/price',
    tag: TAG,
    summary: 'Reprices every stone of a layout by a discount on Rap or a price per carat.',
    access: { module, action: 'update' },
    body: layoutPriceSchema,
    answer: { data: layoutDetailSchema },
  }),
  history: defineEndpoint({
    method: 'GET',
    path: 'admin/layout/:id/history',
    tag: TAG,
    summary: 'The trail of a layout, newest first; a deleted layout keeps its own.',
    access: { module, action: 'view' },
    params: idParams,
    answer: { data: z.array(auditEntrySchema) },
  }),
  export: defineEndpoint({
    method: 'POST',
    path: 'admin/layout/export',
    tag: TAG,
    summary: 'The filtered, sorted list of layouts with their summaries as a file.',
    access: { module, action: 'view' },
    body: layoutExportSchema,
    answer: {
      file: [
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        'text/csv',
        'application/pdf',
      ],
    },
  }),
};

const MASTER_TAG = 'Layout master';
const masterModule = layoutMasterResource.module;

/**
 * The layout calls around the masters (spec section 7, "Layout"): the main masters and the values of
 * one, from which a layout master's criteria are picked, and the layout master's upsert. The engine
 * answers the rest of `admin/layoutmaster/*`.
 */
export const LAYOUT_MASTER_ENDPOINTS = {
  mainMasters: defineEndpoint({
    method: 'POST',
    path: 'admin/master/master',
    tag: MASTER_TAG,
    summary:
      'The main masters (SHAPE, COLOR, ...), every one or those with the codes sent, in their sequence.',
    access: { module: masterModule, action: 'view' },
    body: mainMasterListSchema,
    answer: { data: z.array(mainMasterSchema) },
  }),
  subMasters: defineEndpoint({
    method: 'POST',
    path: 'admin/submaster/paginate',
    tag: MASTER_TAG,
    summary: 'A page of the active values of the main master `filter.parentId`.',
    access: { module: masterModule, action: 'view' },
    body: subMasterPaginateSchema,
    answer: { data: pageOf(anyRecordSchema) },
  }),
  upsert: defineEndpoint({
    method: 'POST',
    path: 'admin/layoutmaster/upsert',
    tag: MASTER_TAG,
    summary: 'Creates a layout master, or changes the one named by `id` (which takes the update permission).',
    access: { module: masterModule, action: 'insert' },
    body: layoutMasterUpsertSchema,
    answer: { data: recordSchemaOf(layoutMasterResource) },
  }),
};

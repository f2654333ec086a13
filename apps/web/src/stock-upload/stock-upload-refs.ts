import { endpointRefs, type STOCK_UPLOAD_ENDPOINTS } from '@facet/contract';

/**
 * The upload screen's calls as refs (method, path and access rule, typed by the declarations): the
 * declarations' schemas would bring zod to the screen's first load (docs/performance.md).
 * stock-upload-refs.test.ts compares them with the declarations.
 */
export const STOCK_UPLOAD_REFS = endpointRefs<typeof STOCK_UPLOAD_ENDPOINTS>()({
  create: ['POST', 'apis/stock-upload/create', { module: 'UploadStock', action: 'insert' }],
  paginate: ['POST', 'apis/stock-upload/paginate', { module: 'UploadStock', action: 'view' }],
  byId: ['GET', 'apis/stock-upload/:id', { module: 'UploadStock', action: 'view' }],
  rows: ['POST', 'apis/stock-upload/:id/rows', { module: 'UploadStock', action: 'view' }],
  report: ['POST', 'apis/stock-upload/:id/report', { module: 'UploadStock', action: 'view' }],
});

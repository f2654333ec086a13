import { type ACCOUNT_ENDPOINTS, endpointRefs } from '@facet/contract';

/**
 * The company screen's calls as refs (method, path and access rule, typed by the declarations): the
 * declarations' schemas would bring zod to the screen's first load (docs/performance.md).
 * account-refs.test.ts compares them with the declarations.
 */
export const ACCOUNT_REFS = endpointRefs<typeof ACCOUNT_ENDPOINTS>()({
  details: ['GET', 'apis/account/:id/details', { module: 'Account', action: 'view' }],
  createDocument: ['POST', 'apis/account/:id/documents/create', { module: 'Account', action: 'insert' }],
  reviewDocument: ['PUT', 'apis/account/documents/:id/review', { module: 'Account', action: 'update' }],
  deleteDocument: ['DELETE', 'apis/account/documents/:id', { module: 'Account', action: 'delete' }],
});

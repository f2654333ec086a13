import { endpointRefs, type LAYOUT_ENDPOINTS } from '@facet/contract';

/**
 * The layout's own calls as refs (method, path and access rule, typed by the declarations): the
 * declarations' schemas would bring zod to the layout list's first load (docs/performance.md).
 * layout-refs.test.ts compares them with the declarations.
 */
export const LAYOUT_REFS = endpointRefs<typeof LAYOUT_ENDPOINTS>()({
  view: ['GET', 'admin/layout/view/:id', { module: 'CertLayout', action: 'view' }],
  create: ['POST', 'admin/layout/create', { module: 'CertLayout', action: 'insert' }],
  update: ['PUT', 'admin/layout/:id', { module: 'CertLayout', action: 'update' }],
  price: ['POST', 'admin/layout/price', { module: 'CertLayout', action: 'update' }],
});

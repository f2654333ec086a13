import {
  type AUDIT_ENDPOINTS,
  endpointRefs,
  type GRID_ENDPOINTS,
  type GUEST_ENDPOINTS,
  type MASTER_ENDPOINTS,
  type PERMISSION_ENDPOINTS,
  type RESOURCE_ENDPOINTS,
  type ROLE_ENDPOINTS,
  type USER_ENDPOINTS,
} from '@facet/contract';

// The platform's calls, as refs (method, path and access rule, typed by their declarations): the
// declarations' schemas, and zod with them, then load only with a form (docs/performance.md).
// endpoint-refs.test.ts compares every ref with its declaration.

export const GRID_REFS = endpointRefs<typeof GRID_ENDPOINTS>()({
  getColumns: ['POST', 'apis/grid/get-columns', { authenticated: true }],
  upsert: ['POST', 'apis/grid/upsert', { authenticated: true }],
});

export const COMMON_REFS = endpointRefs<typeof RESOURCE_ENDPOINTS>()({
  booleanStatusUpdate: [
    'POST',
    'admin/common/boolean-status-update',
    { moduleFromBody: 'model', action: 'update' },
  ],
});

export const MASTER_REFS = endpointRefs<typeof MASTER_ENDPOINTS>()({
  listByCode: ['POST', 'apis/master/list-by-code', { authenticated: true }],
});

export const USER_REFS = endpointRefs<typeof USER_ENDPOINTS>()({
  paginate: ['POST', 'apis/user/paginate', { module: 'User', action: 'view' }],
  create: ['POST', 'apis/user/create', { module: 'User', action: 'insert' }],
  get: ['GET', 'apis/user/:id', { module: 'User', action: 'view' }],
  update: ['PUT', 'apis/user/:id', { module: 'User', action: 'update' }],
  remove: ['DELETE', 'apis/user/:id', { module: 'User', action: 'delete' }],
  resetPassword: ['POST', 'apis/user/reset-password', { module: 'UserResetpass', action: 'view' }],
  setActive: ['POST', 'apis/user/active', { module: 'UserActive', action: 'view' }],
});

export const GUEST_REFS = endpointRefs<typeof GUEST_ENDPOINTS>()({
  paginate: ['POST', 'apis/guest/paginate', { module: 'Guest', action: 'view' }],
  create: ['POST', 'apis/guest/create', { module: 'Guest', action: 'insert' }],
  get: ['GET', 'apis/guest/:id', { module: 'Guest', action: 'view' }],
  update: ['PUT', 'apis/guest/:id', { module: 'Guest', action: 'update' }],
});

export const ROLE_REFS = endpointRefs<typeof ROLE_ENDPOINTS>()({
  paginate: ['POST', 'apis/role/paginate', { module: 'User', action: 'view' }],
  create: ['POST', 'apis/role/create', { module: 'User', action: 'insert' }],
  update: ['PUT', 'apis/role/:id', { module: 'User', action: 'update' }],
  remove: ['DELETE', 'apis/role/:id', { module: 'User', action: 'delete' }],
});

export const PERMISSION_REFS = endpointRefs<typeof PERMISSION_ENDPOINTS>()({
  upsert: ['POST', 'apis/permission/upsert', { module: 'User', action: 'update' }],
  userPermission: ['POST', 'apis/permission/user-permission', { module: 'User', action: 'view' }],
  viewByRole: ['GET', 'apis/permission/view-by-role/:roleId', { module: 'User', action: 'view' }],
});

export const AUDIT_REFS = endpointRefs<typeof AUDIT_ENDPOINTS>()({
  paginate: ['POST', 'apis/audit/paginate', { superAdmin: true }],
});

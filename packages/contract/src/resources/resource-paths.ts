import type { AdminAction } from '../access/admin-modules.ts';
import type { EndpointAccess } from '../endpoints/access.ts';
import { type EndpointRef, endpointRef } from '../endpoints/endpoint-ref.ts';
import { isScopedByView, modulesOf, type ResourceSpec } from './resource.ts';
import type { ResourceEndpoints } from './resource-endpoints.ts';

// The generic endpoints' methods and paths, apart from their declarations (resource-endpoints.ts) and free
// of zod: a list screen calls through them without downloading the schemas (docs/performance.md).

/** The method and the path below a resource's API base of each generic endpoint: the one copy of these rules. */
const GENERIC = {
  paginate: { method: 'POST', suffix: '/paginate' },
  read: { method: 'GET', suffix: '/:id' },
  history: { method: 'GET', suffix: '/:id/history' },
  create: { method: 'POST', suffix: '/create' },
  update: { method: 'PUT', suffix: '/:id' },
  delete: { method: 'DELETE', suffix: '/:id' },
  export: { method: 'POST', suffix: '/export' },
  bulkSequence: { method: 'POST', suffix: '/bulk-sequence-update' },
} as const;
export type GenericName = keyof typeof GENERIC;

export const pathAt = (api: string, name: GenericName) => `${api}${GENERIC[name].suffix}`;

/** A resource's endpoints are gated by its module, or by its views' modules (see accessOf). */
export type ResourceAccess = Extract<
  EndpointAccess,
  { action: AdminAction; module: unknown } | { modules: unknown }
>;

export function accessOf(resource: ResourceSpec, action: AdminAction): ResourceAccess {
  return isScopedByView(resource)
    ? { modules: modulesOf(resource), action }
    : { module: resource.module, action };
}

/** The action each generic endpoint needs of the resource's module. */
const ACTIONS: Record<GenericName, AdminAction> = {
  paginate: 'view',
  read: 'view',
  history: 'view',
  create: 'insert',
  update: 'update',
  delete: 'delete',
  export: 'view',
  bulkSequence: 'update',
};

/** The refs of a resource's generic endpoints at its main API base: those of resourceEndpoints, typed alike. */
export type ResourceRefs<R extends ResourceSpec = ResourceSpec> = {
  [K in keyof ResourceEndpoints<R>]: EndpointRef<NonNullable<ResourceEndpoints<R>[K]>>;
};

/**
 * The generic endpoints of a resource that its operations and declaration allow, as refs: what the panel
 * calls (resourceEndpoints holds the same endpoints with their schemas, for the server and the tests).
 */
export function resourceRefs<const R extends ResourceSpec>(resource: R): ResourceRefs<R> {
  const ref = (name: GenericName) =>
    endpointRef(GENERIC[name].method, pathAt(resource.api, name), accessOf(resource, ACTIONS[name]));
  const { operations } = resource;
  return {
    paginate: ref('paginate'),
    read: ref('read'),
    history: ref('history'),
    ...(operations.create ? { create: ref('create') } : {}),
    ...(operations.update ? { update: ref('update') } : {}),
    ...(operations.delete ? { delete: ref('delete') } : {}),
    ...(operations.export ? { export: ref('export') } : {}),
    ...(resource.sequenceField ? { bulkSequence: ref('bulkSequence') } : {}),
  } as ResourceRefs<R>;
}

/**
 * Paths of the generic endpoints at a base (every one, whatever the operations), for the tests. The id
 * is put in as given, unencoded, so that `byId(':id')` names the route itself.
 */
export function resourcePaths(resource: Pick<ResourceSpec, 'api'>) {
  const at = (name: GenericName, id = '') => pathAt(resource.api, name).replace(':id', id);
  return {
    paginate: at('paginate'),
    create: at('create'),
    /** GET reads, PUT updates, DELETE deletes. */
    byId: (id: string) => at('read', id),
    history: (id: string) => at('history', id),
    export: at('export'),
    bulkSequence: at('bulkSequence'),
  };
}

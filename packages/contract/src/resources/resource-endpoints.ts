import { z } from 'zod';
import { defineEndpoint, type EndpointSpec, idParams, pageOf } from '../endpoints/endpoint.ts';
import { auditEntrySchema } from './audit-trail.ts';
import { registeredContract } from './contract-registry.ts';
import { LIST_EXPORT_FORMATS } from './field-rules.ts';
import { anyRecordSchema, type RecordOf, recordSchemaOf, recordShapeOf } from './record-schema.ts';
import type { ResourceSpec } from './resource.ts';
import { accessOf, pathAt, type ResourceAccess } from './resource-paths.ts';
import {
  booleanStatusUpdateSchema,
  bulkSequenceSchema,
  createSchemaOf,
  destroyBodySchema,
  exportSchemaOf,
  paginateSchemaOf,
  updateByBodySchemaOf,
  updateSchemaOf,
} from './schemas.ts';

/** What the engine's `{api}/export` answers, by format. */
export const LIST_EXPORT_CONTENT_TYPES = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
  pdf: 'application/pdf',
} as const;

type PageOf<T> = {
  list: T[];
  count: number;
  totals?: Record<string, number | null>;
  estimated?: boolean;
};
type Generated<M extends EndpointSpec['method'], P, B, A extends EndpointSpec['answer']> = Omit<
  EndpointSpec,
  'method' | 'params' | 'body' | 'answer' | 'access'
> & { method: M; params: P; body: B; answer: A; access: ResourceAccess };
type Data<T> = { data: z.ZodType<T> };

/** The generic endpoints of a resource, typed by its record (RecordOf). */
export interface ResourceEndpoints<R extends ResourceSpec = ResourceSpec> {
  paginate: Generated<'POST', undefined, ReturnType<typeof paginateSchemaOf>, Data<PageOf<RecordOf<R>>>>;
  read: Generated<'GET', typeof idParams, undefined, Data<RecordOf<R>>>;
  history: Generated<'GET', typeof idParams, undefined, { data: z.ZodArray<typeof auditEntrySchema> }>;
  create?: Generated<'POST', undefined, ReturnType<typeof createSchemaOf>, Data<RecordOf<R>>>;
  update?: Generated<'PUT', typeof idParams, ReturnType<typeof updateSchemaOf>, Data<RecordOf<R>>>;
  delete?: Generated<'DELETE', typeof idParams, undefined, Data<{ id: string }>>;
  export?: Generated<'POST', undefined, ReturnType<typeof exportSchemaOf>, { file: readonly string[] }>;
  bulkSequence?: Generated<'POST', undefined, typeof bulkSequenceSchema, Data<{ count: number }>>;
}

const lookup = (name: string) => registeredContract().resourceByName.get(name);

/**
 * A row of a page: its id and the fields asked by the body's `columns` (every field when it names none).
 * Typed as the whole record, which is what a caller that asks no `columns` receives.
 */
function listedRecordSchemaOf<R extends ResourceSpec>(resource: R) {
  const shape = recordShapeOf(resource, lookup);
  const optional = Object.fromEntries(Object.entries(shape).map(([key, value]) => [key, value.optional()]));
  return z.object({ ...optional, id: z.string() }) as unknown as z.ZodType<RecordOf<R>>;
}

const deletedSchema = z.object({ id: z.string() });
const sequencedSchema = z.object({ count: z.number().int() });

/** Every generic endpoint at one API base, whatever the resource's operations allow. */
function endpointsAt<R extends ResourceSpec>(resource: R, api: string): Required<ResourceEndpoints<R>> {
  const record = recordSchemaOf(resource, lookup);
  const tag = resource.title;
  const idDescription = resource.keyField
    ? z.object({ id: z.string().describe(`Record id (uuid), or its ${resource.keyField}`) })
    : idParams;
  return {
    paginate: defineEndpoint({
      method: 'POST',
      path: pathAt(api, 'paginate'),
      tag,
      summary: `A page of the ${resource.title.toLowerCase()} list, filtered and sorted.`,
      access: accessOf(resource, 'view'),
      params: undefined,
      body: paginateSchemaOf(resource),
      answer: { data: pageOf(listedRecordSchemaOf(resource)) as z.ZodType<PageOf<RecordOf<R>>> },
    }),
    read: defineEndpoint({
      method: 'GET',
      path: pathAt(api, 'read'),
      tag,
      summary: `One ${resource.title.toLowerCase()} record, with the titles of what it references.`,
      access: accessOf(resource, 'view'),
      params: idDescription as typeof idParams,
      body: undefined,
      answer: { data: record },
    }),
    history: defineEndpoint({
      method: 'GET',
      path: pathAt(api, 'history'),
      tag,
      summary: `The changes of one ${resource.title.toLowerCase()} record, newest first.`,
      access: accessOf(resource, 'view'),
      params: idParams,
      body: undefined,
      answer: { data: z.array(auditEntrySchema) },
    }),
    create: defineEndpoint({
      method: 'POST',
      path: pathAt(api, 'create'),
      tag,
      summary: `Creates a ${resource.title.toLowerCase()} record and answers it.`,
      access: accessOf(resource, 'insert'),
      params: undefined,
      body: createSchemaOf(resource),
      answer: { data: record },
    }),
    update: defineEndpoint({
      method: 'PUT',
      path: pathAt(api, 'update'),
      tag,
      summary: `Changes the fields sent of a ${resource.title.toLowerCase()} record and answers it.`,
      access: accessOf(resource, 'update'),
      params: idParams,
      body: updateSchemaOf(resource),
      answer: { data: record },
    }),
    delete: defineEndpoint({
      method: 'DELETE',
      path: pathAt(api, 'delete'),
      tag,
      summary: `Deletes a ${resource.title.toLowerCase()} record.`,
      access: accessOf(resource, 'delete'),
      params: idParams,
      body: undefined,
      answer: { data: deletedSchema },
    }),
    export: defineEndpoint({
      method: 'POST',
      path: pathAt(api, 'export'),
      tag,
      summary: `The ${resource.title.toLowerCase()} list, filtered and sorted, as a file.`,
      access: accessOf(resource, 'view'),
      params: undefined,
      body: exportSchemaOf(resource, LIST_EXPORT_FORMATS),
      answer: { file: Object.values(LIST_EXPORT_CONTENT_TYPES) },
    }),
    bulkSequence: defineEndpoint({
      method: 'POST',
      path: pathAt(api, 'bulkSequence'),
      tag,
      summary: `Saves the order of ${resource.title.toLowerCase()} records dragged in the list.`,
      access: accessOf(resource, 'update'),
      params: undefined,
      body: bulkSequenceSchema,
      answer: { data: sequencedSchema },
    }),
  };
}

/**
 * The generic endpoints at one API base (the main one, or an alias) that the resource's operations and
 * declaration allow.
 */
export function resourceEndpointsAt<R extends ResourceSpec>(resource: R, api: string): ResourceEndpoints<R> {
  const all = endpointsAt(resource, api);
  const { operations } = resource;
  return {
    paginate: all.paginate,
    read: all.read,
    history: all.history,
    ...(operations.create ? { create: all.create } : {}),
    ...(operations.update ? { update: all.update } : {}),
    ...(operations.delete ? { delete: all.delete } : {}),
    ...(operations.export ? { export: all.export } : {}),
    ...(resource.sequenceField ? { bulkSequence: all.bulkSequence } : {}),
  };
}

/** Built once per resource: the panel asks for them on every list and choice it shows. */
const mainEndpoints = new WeakMap<ResourceSpec, ResourceEndpoints>();

/** The generic endpoints of a resource at its main API base: what the panel and the tests call. */
export function resourceEndpoints<const R extends ResourceSpec>(resource: R): ResourceEndpoints<R> {
  let endpoints = mainEndpoints.get(resource);
  if (!endpoints) {
    endpoints = resourceEndpointsAt(resource, resource.api);
    mainEndpoints.set(resource, endpoints);
  }
  return endpoints as unknown as ResourceEndpoints<R>;
}

/** The legacy one-off paths of a resource (ResourceLegacyPaths), each answering like a generic endpoint. */
export function legacyResourceEndpoints<R extends ResourceSpec>(resource: R) {
  const legacy = resource.legacyPaths ?? {};
  const tag = resource.title;
  const title = resource.title.toLowerCase();
  const record = recordSchemaOf(resource, lookup);
  return {
    destroy: resource.operations.delete
      ? (legacy.destroy ?? []).map((path) =>
          defineEndpoint({
            method: 'POST',
            path,
            tag,
            summary: `Deletes the ${title} record named by the body's id (legacy path).`,
            access: accessOf(resource, 'delete'),
            body: destroyBodySchema,
            answer: { data: deletedSchema },
          }),
        )
      : [],
    updateByBody: resource.operations.update
      ? (legacy.updateByBody ?? []).map((path) =>
          defineEndpoint({
            method: 'POST',
            path,
            tag,
            summary: `Changes the ${title} record named by the body's id (legacy path).`,
            access: accessOf(resource, 'update'),
            body: updateByBodySchemaOf(resource),
            answer: { data: record },
          }),
        )
      : [],
    sequence: resource.sequenceField
      ? (legacy.sequence ?? []).map((path) =>
          defineEndpoint({
            method: 'POST',
            path,
            tag,
            summary: `Saves the order of ${title} records (legacy path).`,
            access: accessOf(resource, 'update'),
            body: bulkSequenceSchema,
            answer: { data: sequencedSchema },
          }),
        )
      : [],
  };
}

/**
 * Every endpoint of a resource, as the server registers them: the generic ones at its main base, the
 * same under each alias base, then its legacy one-off paths.
 */
export function resourceEndpointTable(resource: ResourceSpec): EndpointSpec[] {
  const legacy = legacyResourceEndpoints(resource);
  return [
    ...Object.values(resourceEndpoints(resource)),
    ...(resource.aliases ?? []).flatMap((api) => Object.values(resourceEndpointsAt(resource, api))),
    ...legacy.destroy,
    ...legacy.updateByBody,
    ...legacy.sequence,
  ] as EndpointSpec[];
}

/** Every legacy path of a resource: each endpoint under each alias base, and the one-off paths. */
export function legacyPathsOf(resource: ResourceSpec): string[] {
  const main = new Set(Object.values(resourceEndpoints(resource)).map((endpoint) => endpoint.path));
  return [...new Set(resourceEndpointTable(resource).map((endpoint) => endpoint.path))].filter(
    (path) => !main.has(path),
  );
}

/**
 * `admin/common/boolean-status-update` `{id, model, fieldName, status}`: flips a declared `toggle` field
 * of any resource, gated by `update` on the module of the resource named by `model`.
 */
export const RESOURCE_ENDPOINTS = {
  booleanStatusUpdate: defineEndpoint({
    method: 'POST',
    path: 'admin/common/boolean-status-update',
    tag: 'Status toggles',
    summary: 'Turns a switch of a record on or off (a field the resource declares as a toggle).',
    access: { moduleFromBody: 'model', action: 'update' },
    body: booleanStatusUpdateSchema,
    answer: { data: anyRecordSchema },
  }),
};

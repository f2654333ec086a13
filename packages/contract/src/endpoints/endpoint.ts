import { z } from 'zod';
import type { EndpointAccess } from './access.ts';

export { pathOf, queryStringOf } from './endpoint-path.ts';
export { type EndpointRef, endpointRef, endpointRefs } from './endpoint-ref.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * One endpoint of the API, declared once: the server mounts its route from it (validating the body and,
 * in tests and development, the answer), the panel and the test suites call it through typed clients,
 * and the OpenAPI document describes it.
 */
export interface EndpointSpec {
  method: HttpMethod;
  /** The legacy path of spec section 7, relative to the server root; `:name` marks a path parameter. */
  path: string;
  /** One line for the API reference. */
  summary: string;
  description?: string;
  /** The feature it belongs to: its group in the API reference. */
  tag: string;
  access: EndpointAccess;
  /** Path parameters, each a string on the wire (the handler decides what an unknown one answers). */
  params?: z.ZodType<Record<string, string>>;
  query?: z.ZodType;
  /** A JSON body. */
  body?: z.ZodType;
  /**
   * What a success answers: the `data` of the JSON envelope, as it is on the wire (dates as ISO strings);
   * or a file (an export, a report, an upload's bytes) of these content types.
   */
  answer: { data: z.ZodType } | { file: readonly string[] };
  /** The body is multipart/form-data with these parts (an upload), not JSON. */
  multipart?: Readonly<Record<string, { file?: true; required?: true; description: string }>>;
}

/** Declares an endpoint, keeping its literal types for the typed clients and handlers. */
export function defineEndpoint<const S extends EndpointSpec>(spec: S): S {
  const declared = [...spec.path.matchAll(/:(\w+)/g)].map((match) => match[1]);
  if (declared.length > 0 && !spec.params) {
    throw new Error(`${spec.method} ${spec.path}: declares path parameters but no params schema`);
  }
  return spec;
}

type Schema<S, K extends string> = S extends { [P in K]: infer T }
  ? T extends z.ZodType
    ? T
    : never
  : never;

/** What a caller sends. */
export type BodyIn<E extends EndpointSpec> = E['body'] extends z.ZodType
  ? z.input<Schema<E, 'body'>>
  : undefined;
/** What a handler receives, validated. */
export type BodyOf<E extends EndpointSpec> = E['body'] extends z.ZodType
  ? z.output<Schema<E, 'body'>>
  : undefined;
export type ParamsOf<E extends EndpointSpec> = E['params'] extends z.ZodType
  ? z.output<Schema<E, 'params'>>
  : undefined;
export type QueryIn<E extends EndpointSpec> = E['query'] extends z.ZodType
  ? z.input<Schema<E, 'query'>>
  : undefined;
export type QueryOf<E extends EndpointSpec> = E['query'] extends z.ZodType
  ? z.output<Schema<E, 'query'>>
  : undefined;
/** The `data` of a success, as the caller receives it. */
export type DataOf<E extends EndpointSpec> = E['answer'] extends { data: infer D extends z.ZodType }
  ? z.output<D>
  : never;

/** The success envelope around an endpoint's `data`, as the OpenAPI document and the answer check read it. */
export function successEnvelopeOf(data: z.ZodType) {
  return z.object({ code: z.literal('OK'), message: z.string(), data });
}

/** A path parameter holding a record id; an id that is not one answers "not found", like an unknown one. */
export const idParams = z.object({ id: z.string().describe('Record id (uuid)') });

/** `{ list, count }` of a paginate answer, with the figures of a resource that declares totals. */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    list: z.array(item),
    count: z.number().int().nonnegative(),
    totals: z.record(z.string(), z.number().nullable()).optional(),
    /** True when count and totals are estimates (more rows matched than the list counts exactly). */
    estimated: z.boolean().optional(),
  });
}

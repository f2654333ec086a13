import {
  describeAccess,
  type EndpointAccess,
  type EndpointSpec,
  paginateRequestSchema,
} from '@facet/contract';
import type { RouteOptions } from 'fastify';
import { createJsonSchemaTransform } from 'fastify-type-provider-zod';
import { ERRORS_EXTENSION, type ErrorStatus, TOKEN_SCHEME } from './openapi-document.ts';

/** The panel's catch-all route (its screens and built files): pages, not API operations. */
export const PANEL_ROUTE = '/*';

type Json = Record<string, unknown>;
interface TransformInput {
  schema: unknown;
  url: string;
  route: RouteOptions;
  openapiObject?: unknown;
}

// Every route is documented, those the zod transform would skip by name included.
const convertZodSchemas = createJsonSchemaTransform({ skipList: [] });

const PAGINATE_EXAMPLE = (paginateRequestSchema.meta()?.examples as unknown[] | undefined)?.[0];
const PREFIXES = new Set(['apis', 'admin', 'api']);

/**
 * @fastify/swagger's per-route transform: the zod schemas become JSON schemas (fastify-type-provider-zod),
 * and the endpoint's declaration adds what the reference shows: summary, description, tag, access rule,
 * token, success and error answers, files and multipart parts, examples. A route not yet declared in the
 * contract still appears, with what its path tells.
 */
export function describeOperation(input: TransformInput): { schema: Json; url: string } {
  const { route, url } = input;
  if (route.url === PANEL_ROUTE) return { schema: { hide: true }, url };
  const method = String(Array.isArray(route.method) ? route.method[0] : route.method);
  const access = route.config?.access as EndpointAccess;
  const endpoint = route.config?.endpoint;
  const { hide: _hide, ...schema } = (route.schema ?? {}) as Json;
  const converted = convertZodSchemas({ ...input, schema } as never).schema as Json;
  const words = describeAccess(access);

  const operation: Json = {
    ...converted,
    operationId: operationIdOf(method, route.url),
    summary: endpoint?.summary ?? `${method} ${route.url.slice(1)}`,
    description: [
      endpoint
        ? endpoint.description
        : 'Not yet declared in the contract: its body and answer are not described.',
      `**Access:** ${words}`,
    ]
      .filter(Boolean)
      .join('\n\n'),
    tags: [endpoint?.tag ?? tagOfPath(route.url)],
    'x-facet-access': words,
    'x-facet-access-rule': access,
    response: { 200: successOf(endpoint, converted.response as Json | undefined) },
    [ERRORS_EXTENSION]: errorStatusesOf(method, route.url, access, endpoint),
  };
  if (!('public' in access)) operation.security = [{ [TOKEN_SCHEME]: [] }];
  if (endpoint?.multipart) {
    operation.body = multipartBodyOf(endpoint.multipart);
    operation.consumes = ['multipart/form-data'];
  }
  addPaginateExample(operation.body as Json | undefined);
  return { schema: operation, url };
}

/** Stable and unique: the method and the path's words (`POST apis/audit/paginate`: postApisAuditPaginate). */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .split('/')
    .filter(Boolean)
    .flatMap((segment) =>
      segment.startsWith(':') ? ['by', segment.replace(/\W/g, '')] : segment.split(/[^a-zA-Z0-9]+/),
    )
    .filter(Boolean);
  return [method.toLowerCase(), ...words.map((word) => word[0]?.toUpperCase() + word.slice(1))].join('');
}

/** The feature a path belongs to, for routes without a declared tag: `apis/banner/...` is Banner. */
function tagOfPath(url: string): string {
  const segments = url.split('/').filter((segment) => segment && !segment.startsWith(':'));
  const feature = segments.find((segment) => !PREFIXES.has(segment)) ?? segments[0] ?? 'Other';
  return feature
    .split(/[-_]/)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

function successOf(endpoint: EndpointSpec | undefined, converted: Json | undefined): Json {
  if (endpoint && 'file' in endpoint.answer) {
    const binary = { type: 'string', format: 'binary' };
    return {
      description: `The file itself (${endpoint.answer.file.join(', ')}), not an envelope.`,
      content: Object.fromEntries(endpoint.answer.file.map((type) => [type, { schema: binary }])),
    };
  }
  const envelope = converted?.[200] ?? {
    type: 'object',
    properties: { code: { const: 'OK' }, message: { type: 'string' }, data: {} },
    required: ['code', 'message', 'data'],
  };
  return {
    description: 'Success: the envelope `{ code: "OK", message, data }`.',
    content: { 'application/json': { schema: envelope } },
  };
}

function errorStatusesOf(
  method: string,
  url: string,
  access: EndpointAccess,
  endpoint: EndpointSpec | undefined,
): ErrorStatus[] {
  const isPublic = 'public' in access;
  // A POST gated by `view` reads (the paginate family): it clashes with nothing.
  const writes = method !== 'GET' && !('action' in access && access.action === 'view');
  // Throttled: public writes (sign-in, sign-up, password resets), exports and uploads.
  const throttled =
    (isPublic && writes) ||
    (endpoint !== undefined && !isPublic && ('file' in endpoint.answer || endpoint.multipart !== undefined));
  return [
    400,
    ...(isPublic ? [] : [401, 403]),
    ...(url.includes('/:') ? [404] : []),
    ...(writes && !isPublic ? [409] : []),
    ...(throttled ? [429] : []),
    500,
    503,
  ] as ErrorStatus[];
}

function multipartBodyOf(parts: NonNullable<EndpointSpec['multipart']>): Json {
  const properties = Object.fromEntries(
    Object.entries(parts).map(([name, part]) => [
      name,
      part.file
        ? { type: 'string', format: 'binary', description: part.description }
        : { type: 'string', description: part.description },
    ]),
  );
  const required = Object.entries(parts)
    .filter(([, part]) => part.required)
    .map(([name]) => name);
  return { type: 'object', properties, ...(required.length > 0 ? { required } : {}) };
}

/** Bodies of the paginate family extend its schema, which loses its example: they share it. */
function addPaginateExample(body: Json | undefined): void {
  const properties = body?.properties as Json | undefined;
  if (!body || !properties?.page || !properties.limit || body.examples || PAGINATE_EXAMPLE === undefined)
    return;
  body.examples = [PAGINATE_EXAMPLE];
}

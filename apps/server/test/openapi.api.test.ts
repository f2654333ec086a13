import { randomUUID } from 'node:crypto';
import { API_DOCS_ENDPOINTS, pathOf } from '@facet/contract';
import { Validator } from '@seriousme/openapi-schema-validator';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listRoutes, type RouteAccessEntry } from '../src/http/access-plugin.ts';
import { PANEL_ROUTE } from '../src/http/api-docs/openapi-operation.ts';
import { databaseAvailable, startServer, type TestServer } from './harness.ts';

interface Operation {
  summary?: string;
  description?: string;
  tags?: string[];
  security?: unknown[];
  responses?: Record<string, unknown>;
  'x-facet-access'?: string;
}
interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, Operation>>;
}

/** What the server did with one request: the route that took it, and whether it came from a declaration. */
interface Routed {
  url: string | undefined;
  declared: boolean;
}

const PROBE_HEADER = 'x-openapi-probe';
const ENVELOPE_CODES = new Set([
  'OK',
  'E_UNAUTHORIZED',
  'E_FORBIDDEN',
  'E_BAD_REQUEST',
  'E_NOT_FOUND',
  'E_CONFLICT',
  'E_TOO_MANY_REQUESTS',
  'E_ERROR',
]);

/** Remembers which route took each probe, so a path answering only through the router's 404 is caught. */
function watchRouting(app: FastifyInstance, seen: Map<string, Routed>): void {
  app.addHook('onSend', async (request) => {
    const probe = request.headers[PROBE_HEADER];
    if (typeof probe !== 'string') return;
    seen.set(probe, {
      url: request.routeOptions.url,
      declared: Boolean(request.routeOptions.config.endpoint),
    });
  });
}

/** The routes the document must hold: every registered one but HEAD twins and the panel's pages. */
function apiRoutes(app: FastifyInstance): RouteAccessEntry[] {
  return listRoutes(app).filter((route) => route.method !== 'HEAD' && route.url !== PANEL_ROUTE);
}

const documentPath = (url: string) => url.replace(/:(\w+)\??/g, '{$1}');
const key = (route: { method: string; url: string }) => `${route.method} ${route.url}`;

describe.skipIf(!(await databaseAvailable()))('the OpenAPI document', () => {
  let server: TestServer;
  let document: OpenApiDocument;
  const seen = new Map<string, Routed>();
  const answers = new Map<string, { status: number; body: unknown; contentType: string; routed?: Routed }>();

  beforeAll(async () => {
    server = await startServer({}, { register: (app) => watchRouting(app, seen) });
    const response = await server.client().request('GET', pathOf(API_DOCS_ENDPOINTS.document));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/json');
    document = response.body as unknown as OpenApiDocument;
    // Each documented operation, called without a token and with a random id for its path parameters.
    for (const route of apiRoutes(server.app)) {
      const probe = randomUUID();
      const url = route.url.replace(/:(\w+)\??/g, () => randomUUID());
      const response = await fetch(`${server.url}${url}`, {
        method: route.method,
        headers: {
          [PROBE_HEADER]: probe,
          'x-forwarded-for': `10.77.${answers.size % 250}.${(answers.size * 7) % 250}`,
          ...(route.method === 'GET' || route.method === 'DELETE'
            ? {}
            : { 'content-type': 'application/json' }),
        },
        ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { body: '{}' }),
      });
      const contentType = response.headers.get('content-type') ?? '';
      const text = await response.text();
      const body = contentType.includes('json') ? (JSON.parse(text) as unknown) : text;
      answers.set(key(route), { status: response.status, body, contentType, routed: seen.get(probe) });
    }
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  it('is a valid OpenAPI 3.1 document', async () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.info.title).toBe('Facet back office API');
    const validator = new Validator();
    const result = await validator.validate(document as unknown as Record<string, unknown>);
    expect(result.errors ?? [], JSON.stringify(result.errors, null, 1)?.slice(0, 4000)).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('answers "not modified" to a client that holds the same document', async () => {
    const first = await fetch(`${server.url}/${pathOf(API_DOCS_ENDPOINTS.document)}`);
    await first.arrayBuffer();
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^".+"$/);
    const again = await fetch(`${server.url}/${pathOf(API_DOCS_ENDPOINTS.document)}`, {
      headers: { 'if-none-match': etag as string },
    });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
  });

  it('has an operation for every registered route, with its summary, tag and access rule', () => {
    const routes = apiRoutes(server.app);
    expect(routes.map(key)).toEqual(
      expect.arrayContaining([
        `GET /${API_DOCS_ENDPOINTS.document.path}`,
        `GET /${API_DOCS_ENDPOINTS.reference.path}`,
      ]),
    );
    const missing = routes.filter(
      (route) => !document.paths[documentPath(route.url)]?.[route.method.toLowerCase()],
    );
    expect(missing.map(key)).toEqual([]);
    let operations = 0;
    for (const [path, item] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        operations += 1;
        const name = `${method.toUpperCase()} ${path}`;
        expect(operation.summary, name).toBeTruthy();
        expect(operation.tags?.length, name).toBe(1);
        expect(operation['x-facet-access'], name).toBeTruthy();
        expect(operation.description, name).toContain(operation['x-facet-access']);
        expect(operation.responses?.['400'], name).toEqual({ $ref: '#/components/responses/BadRequest' });
      }
    }
    // Nothing but the registered routes is documented.
    expect(operations).toBe(routes.length);
    console.log(`OpenAPI document: ${operations} operations for ${routes.length} registered routes`);
  });

  it('asks for the JWT token on every operation that is not public', () => {
    for (const route of apiRoutes(server.app)) {
      const operation = document.paths[documentPath(route.url)]?.[route.method.toLowerCase()];
      const isPublic = 'public' in route.access;
      expect(operation?.security, key(route)).toEqual(isPublic ? undefined : [{ jwt: [] }]);
      if (!isPublic) expect(operation?.responses?.['401'], key(route)).toBeDefined();
    }
  });

  it('gives the sign-in and paginate bodies an example', () => {
    const exampleOf = (path: string) =>
      (document.paths[path]?.post as { requestBody?: { content: Record<string, { example?: unknown }> } })
        ?.requestBody?.content['application/json']?.example;
    expect(exampleOf('/admin/auth/send-login-otp')).toMatchObject({ username: 'admin' });
    expect(exampleOf('/apis/audit/paginate')).toMatchObject({ page: 1 });
  });

  it('answers every documented path on its own route, in the envelope, and 401 without a token', () => {
    const wrong: string[] = [];
    for (const route of apiRoutes(server.app)) {
      const answer = answers.get(key(route));
      const problem = !answer
        ? 'no answer'
        : answer.routed?.url !== route.url
          ? `taken by ${answer.routed?.url ?? 'no route'}`
          : !('public' in route.access) && answer.status !== 401
            ? `answered ${answer.status} without a token`
            : answer.contentType.includes('json') &&
                !ENVELOPE_CODES.has(String((answer.body as { code?: unknown }).code)) &&
                key(route) !== `GET /${API_DOCS_ENDPOINTS.document.path}`
              ? `answered outside the envelope: ${JSON.stringify(answer.body).slice(0, 200)}`
              : undefined;
      if (problem) wrong.push(`${key(route)}: ${problem}`);
    }
    expect(wrong).toEqual([]);
  });

  it('mounts every route from an endpoint declaration of the contract', () => {
    const undeclared = apiRoutes(server.app)
      .filter((route) => answers.get(key(route))?.routed?.declared !== true)
      .map(key);
    console.log(`routes without an endpoint declaration: ${undeclared.length}`);
    expect(
      undeclared,
      `routes still without an endpoint declaration (config.endpoint):\n${undeclared.join('\n')}`,
    ).toEqual([]);
  });
});

import {
  type AdminModuleName,
  CUSTOMER_USER_TYPES,
  type CustomerAction,
  type CustomerModuleName,
  can,
  type PermissionHolder,
  successEnvelopeOf,
  USER_TYPES,
} from '@facet/contract';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import type { z } from 'zod';
import { extractToken } from './auth-token.ts';
import { fieldError, HttpError } from './envelope.ts';
import { refuseIllFormedInput } from './input-guard.ts';
import { type AppRoute, at, type RequestAuth, type RouteAccess } from './route.ts';

export interface RouteAccessEntry {
  method: string;
  url: string;
  access: RouteAccess;
  /** The zod schema of the body, when the route validates one (tests build hostile bodies from it). */
  body: z.ZodType | undefined;
}

const routeTables = new WeakMap<FastifyInstance, RouteAccessEntry[]>();

const SIGN_IN_REQUIRED = 'Please sign in.';
const SESSION_INVALID = 'Your session has expired. Please sign in again.';
export const FORBIDDEN = 'You do not have permission to do this.';
export const UNKNOWN_MODEL = 'Unknown model.';

/**
 * What a customer call checks beyond the permissions: that the caller's company is approved. Answers
 * the company's id, or refuses (E_FORBIDDEN, saying why).
 */
export type CustomerGate = (auth: RequestAuth) => Promise<string>;

/**
 * Maps what a `moduleFromBody` field names (a resource name) to its permission module, or to the
 * modules of which any one lets the request in (a resource scoped by view; its handler narrows).
 */
export type ModuleResolver = (name: string) => AdminModuleName | readonly AdminModuleName[] | undefined;

/**
 * Installs the access rules on the root instance: routes without a declaration make startup fail, and
 * every request is checked against its route's declaration before its body is even parsed.
 */
export function installAccessControl(
  app: FastifyInstance,
  authenticate: (token: string) => Promise<RequestAuth | null>,
  resolveModule: ModuleResolver = () => undefined,
  customerGate: CustomerGate = async () => {
    throw new HttpError('E_FORBIDDEN', FORBIDDEN);
  },
): void {
  const table: RouteAccessEntry[] = [];
  routeTables.set(app, table);
  app.decorateRequest('auth', null);

  app.addHook('onRoute', (route: RouteOptions) => {
    const access = route.config?.access;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!access) {
      throw new Error(`Route ${methods.join(',')} ${route.url} declares no access (config.access)`);
    }
    const body = route.schema?.body as z.ZodType | undefined;
    for (const method of methods) table.push({ method, url: route.url, access, body });
  });

  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config.access;
    // Not-found requests have no route and no declaration.
    if (!access || 'public' in access) return;
    const auth = await requireAuth(request, access, authenticate);
    if ('customerModules' in access) auth.customerAccountId = await customerGate(auth);
    request.auth = auth;
  });

  // After validation: the body is known to be well-formed, and it names the module to check.
  app.addHook('preHandler', async (request) => {
    const access = request.routeOptions.config.access;
    if (!access || !('moduleFromBody' in access) || !request.auth) return;
    const name = (request.body as Record<string, unknown> | undefined)?.[access.moduleFromBody];
    const resolved = typeof name === 'string' ? resolveModule(name) : undefined;
    if (!resolved) throw fieldError(access.moduleFromBody, UNKNOWN_MODEL);
    const modules: readonly AdminModuleName[] = typeof resolved === 'string' ? [resolved] : resolved;
    const holder = holderOf(request.auth);
    if (!modules.some((module) => can(holder, module, access.action))) {
      throw new HttpError('E_FORBIDDEN', FORBIDDEN);
    }
  });
}

async function requireAuth(
  request: FastifyRequest,
  access: Exclude<RouteAccess, { public: true }>,
  authenticate: (token: string) => Promise<RequestAuth | null>,
): Promise<RequestAuth> {
  const token = extractToken(request.headers.authorization);
  if (!token) throw new HttpError('E_UNAUTHORIZED', SIGN_IN_REQUIRED);
  const auth = await authenticate(token);
  if (!auth) throw new HttpError('E_UNAUTHORIZED', SESSION_INVALID);
  const acceptsDefault = 'authenticated' in access && access.acceptsDefaultPasswordToken === true;
  if (auth.sessionKind === 'default_password' && !acceptsDefault) {
    throw new HttpError('E_UNAUTHORIZED', SESSION_INVALID);
  }
  if ('superAdmin' in access && auth.user.type !== USER_TYPES.SUPER_ADMIN) {
    throw new HttpError('E_FORBIDDEN', FORBIDDEN);
  }
  if ('module' in access && !can(holderOf(auth), access.module, access.action)) {
    throw new HttpError('E_FORBIDDEN', FORBIDDEN);
  }
  if ('modules' in access && !access.modules.some((module) => can(holderOf(auth), module, access.action))) {
    throw new HttpError('E_FORBIDDEN', FORBIDDEN);
  }
  if ('customerModules' in access && !canAsCustomer(auth, access.customerModules, access.action)) {
    throw new HttpError('E_FORBIDDEN', FORBIDDEN);
  }
  return auth;
}

/** The signed-in user as the contract's permission check sees them: customers hold no admin module. */
export function holderOf(auth: RequestAuth): PermissionHolder {
  return { type: auth.user.type, permissions: auth.permissions.admin };
}

/** A customer user (types 3 to 5) allowed the action on any of the customer modules; staff never are. */
export function canAsCustomer(
  auth: RequestAuth,
  modules: readonly CustomerModuleName[],
  action: CustomerAction,
): boolean {
  if (!CUSTOMER_USER_TYPES.includes(auth.user.type)) return false;
  return auth.permissions.customer.some(
    (entry) => modules.includes(entry.module) && entry.permissions[action] === true,
  );
}

/** Every route registered on the app with its access declaration (HEAD twins included). */
export function listRoutes(app: FastifyInstance): readonly RouteAccessEntry[] {
  const table = routeTables.get(app);
  if (!table) throw new Error('installAccessControl() was not called on this instance');
  return table;
}

/** A POST without any body validates as {} so it gets the fields' own messages. */
async function emptyBodyAsObject(request: FastifyRequest): Promise<void> {
  if (request.body === undefined || request.body === null) request.body = {};
}

/** The schemas Fastify validates and the API reference reads: body, params, query and the success answer. */
function schemaOf(route: AppRoute) {
  const endpoint = route.endpoint;
  const schema = {
    ...(endpoint.body ? { body: endpoint.body } : {}),
    ...(endpoint.params ? { params: endpoint.params } : {}),
    ...(endpoint.query ? { querystring: endpoint.query } : {}),
    ...('data' in endpoint.answer ? { response: { 200: successEnvelopeOf(endpoint.answer.data) } } : {}),
  };
  return Object.keys(schema).length > 0 ? schema : undefined;
}

export function mountRoutes(app: FastifyInstance, routes: readonly AppRoute[]): void {
  for (const route of routes) {
    const { endpoint } = route;
    app.route({
      method: endpoint.method,
      url: at(endpoint.path),
      config: { access: endpoint.access, endpoint },
      schema: schemaOf(route),
      preValidation: endpoint.body ? [refuseIllFormedInput, emptyBodyAsObject] : refuseIllFormedInput,
      handler: route.handler,
    });
  }
}

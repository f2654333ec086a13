import type { AdminAction, AdminModuleName, SuccessEnvelope } from '@facet/contract';
import type { FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import type { z } from 'zod';
import type { AuthContext } from '../auth/authenticate.ts';

/**
 * Who may call a route. Every route declares one (the access plugin refuses to start otherwise):
 * - `{ public: true }`: anyone;
 * - `{ authenticated: true }`: any signed-in user with a full session; `acceptsDefaultPasswordToken`
 *   also lets in the short-lived token of a forced password change;
 * - `{ module, action }`: a user whose permissions allow that action on that module (super admin: all);
 * - `{ superAdmin: true }`: super admins (type 1) only;
 * - `{ modules, action }`: a user allowed that action on any of these modules; the handler narrows
 *   what each module reaches (a resource scoped by view);
 * - `{ moduleFromBody, action }`: like `{ module, action }`, with the module named by a body field
 *   (the generic boolean-status-update names its resource in `model`). The token is checked on
 *   arrival; the module only after the body is validated, since it is the body that names it.
 */
export type RouteAccess =
  | { public: true }
  | { authenticated: true; acceptsDefaultPasswordToken?: true }
  | { module: AdminModuleName; action: AdminAction }
  | { modules: readonly AdminModuleName[]; action: AdminAction }
  | { moduleFromBody: string; action: AdminAction }
  | { superAdmin: true };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

type BodyOf<B> = B extends z.ZodType ? z.output<B> : undefined;
type AuthOf<A> = A extends { public: true } ? null : AuthContext;

export interface RouteContext<A extends RouteAccess, B> {
  body: BodyOf<B>;
  auth: AuthOf<A>;
  request: FastifyRequest;
  reply: FastifyReply;
}

export interface RouteSpec<A extends RouteAccess, B extends z.ZodType | undefined> {
  method: HTTPMethods;
  url: string;
  access: A;
  body?: B;
  handler(context: RouteContext<A, B>): Promise<SuccessEnvelope<unknown>>;
}

/** A route with its types erased, ready for mountRoutes(). */
export interface AppRoute {
  method: HTTPMethods;
  url: string;
  access: RouteAccess;
  body: z.ZodType | undefined;
  handler(request: FastifyRequest, reply: FastifyReply): Promise<unknown>;
}

/** Declares a route as one object; `access` is required, so it cannot be forgotten. */
export function defineRoute<const A extends RouteAccess, B extends z.ZodType | undefined = undefined>(
  spec: RouteSpec<A, B>,
): AppRoute {
  return {
    method: spec.method,
    url: spec.url,
    access: spec.access,
    body: spec.body,
    // The validator and the access guard ran before this point, so the casts state checked facts.
    handler: (request, reply) =>
      spec.handler({
        body: request.body as BodyOf<B>,
        auth: request.auth as AuthOf<A>,
        request,
        reply,
      }),
  };
}

/** The contract's API paths are relative; Fastify routes need the leading slash. */
export function at(apiPath: string): string {
  return `/${apiPath}`;
}

import type {
  BodyOf,
  DataOf,
  EndpointAccess,
  EndpointSpec,
  ParamsOf,
  QueryOf,
  SuccessEnvelope,
} from '@facet/contract';
import type { FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import type { z } from 'zod';
import type { AuthContext } from '../auth/authenticate.ts';

/** Who may call a route: the endpoint's declared rule (see the contract's EndpointAccess). */
export type RouteAccess = EndpointAccess;

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
    /** The contract's declaration the route was mounted from. */
    endpoint?: EndpointSpec;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

type AuthOf<A> = A extends { public: true } ? null : AuthContext;

/** What a handler of an endpoint receives: the validated body, params and query, and the caller. */
export interface EndpointContext<E extends EndpointSpec> {
  body: BodyOf<E>;
  params: ParamsOf<E>;
  query: QueryOf<E>;
  auth: AuthOf<E['access']>;
  request: FastifyRequest;
  reply: FastifyReply;
}

/** A JSON endpoint answers its envelope; a file endpoint answers through the reply itself. */
export type EndpointHandler<E extends EndpointSpec> = (
  context: EndpointContext<E>,
) => Promise<E['answer'] extends { data: z.ZodType } ? SuccessEnvelope<DataOf<E>> : FastifyReply>;

/** A route with its types erased, ready for mountRoutes(). */
export interface AppRoute {
  method: HTTPMethods;
  url: string;
  access: RouteAccess;
  endpoint: EndpointSpec;
  body: z.ZodType | undefined;
  handler(request: FastifyRequest, reply: FastifyReply): Promise<unknown>;
}

/**
 * The route of a declared endpoint. Its path, access rule and body schema come from the declaration,
 * so a handler cannot drift from what the contract, the panel and the API reference say.
 */
export function implement<const E extends EndpointSpec>(endpoint: E, handler: EndpointHandler<E>): AppRoute {
  return {
    method: endpoint.method,
    url: at(endpoint.path),
    access: endpoint.access,
    endpoint,
    body: endpoint.body,
    // The validator and the access guard ran before this point, so the casts state checked facts.
    handler: (request, reply) =>
      handler({
        body: request.body as BodyOf<E>,
        params: request.params as ParamsOf<E>,
        query: request.query as QueryOf<E>,
        auth: request.auth as AuthOf<E['access']>,
        request,
        reply,
      }),
  };
}

/** The contract's API paths are relative; Fastify routes need the leading slash. */
export function at(apiPath: string): string {
  return `/${apiPath}`;
}

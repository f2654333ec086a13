import type {
  BodyOf,
  DataOf,
  EndpointAccess,
  EndpointSpec,
  ParamsOf,
  QueryOf,
  SuccessEnvelope,
} from '@facet/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';

/** Who may call a route: the endpoint's declared rule (see the contract's EndpointAccess). */
export type RouteAccess = EndpointAccess;

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
    /** The contract's declaration the route was mounted from. */
    endpoint?: EndpointSpec;
  }
}

/**
 * Who is calling, as the access plugin found them; its type is declared where requests are
 * authenticated (access/authenticate.ts), which the transport layer need not know.
 */
export type RequestAuth = NonNullable<FastifyRequest['auth']>;

type AuthOf<A> = A extends { public: true } ? null : RequestAuth;

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

/** A route with its types erased, ready for mountRoutes(): its method, path, access and schemas are the endpoint's. */
export interface AppRoute {
  endpoint: EndpointSpec;
  handler(request: FastifyRequest, reply: FastifyReply): Promise<unknown>;
}

/**
 * The route of a declared endpoint. Its path, access rule and body schema come from the declaration,
 * so a handler cannot drift from what the contract, the panel and the API reference say.
 */
export function implement<const E extends EndpointSpec>(endpoint: E, handler: EndpointHandler<E>): AppRoute {
  return {
    endpoint,
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

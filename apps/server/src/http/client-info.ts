import type { FastifyRequest } from 'fastify';

export interface ClientInfo {
  ip: string;
  userAgent: string;
}

/**
 * request.ip honours TRUST_PROXY, so behind a proxy it is the client's address. Without a proxy it is
 * the socket's address, which Node forgets once the client has hung up: the request still completes.
 */
export function clientInfo(request: FastifyRequest): ClientInfo {
  const ip: string | undefined = request.ip;
  return { ip: ip ?? '', userAgent: (request.headers['user-agent'] ?? '').slice(0, 512) };
}

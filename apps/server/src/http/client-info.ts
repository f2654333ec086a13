import type { FastifyRequest } from 'fastify';

export interface ClientInfo {
  ip: string;
  userAgent: string;
}

/** request.ip honours TRUST_PROXY, so behind a proxy it is the client's address. */
export function clientInfo(request: FastifyRequest): ClientInfo {
  return { ip: request.ip, userAgent: (request.headers['user-agent'] ?? '').slice(0, 512) };
}

import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { type ErrorEnvelope, MESSAGES } from '@facet/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from './envelope.ts';

/**
 * The answers Fastify and Node give on their own, before any route runs, in the `{code, message}`
 * envelope like every other answer: a URL that cannot be decoded, a parameter past maxParamLength,
 * a request that is not valid HTTP or whose headers are too large, and a request arriving while the
 * server closes.
 */
export const FRAMEWORK_MESSAGES = {
  badUrl: 'The address is not valid: it holds characters that cannot be decoded.',
  paramTooLong: 'The address is too long.',
  headersTooLarge: 'The request headers are too large.',
  timeout: 'The request took too long to arrive.',
  badHttp: 'The request is not valid HTTP.',
  closing: 'The server is restarting. Please try again in a moment.',
} as const;

/** Fastify's `frameworkErrors` option: router failures, answered like the error handler would. */
export function frameworkErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const known =
    error.code === 'FST_ERR_BAD_URL'
      ? new HttpError('E_BAD_REQUEST', FRAMEWORK_MESSAGES.badUrl)
      : error.code === 'FST_ERR_MAX_PARAM_LENGTH'
        ? new HttpError('E_BAD_REQUEST', FRAMEWORK_MESSAGES.paramTooLong, { status: 414 })
        : undefined;
  if (known) return reply.status(known.status).send(known.toEnvelope());
  request.log.error({ err: error }, 'unexpected router error');
  const envelope: ErrorEnvelope = { code: 'E_ERROR', message: MESSAGES.contactAdmin };
  return reply.status(500).send(envelope);
}

/**
 * Fastify's `clientErrorHandler` option: Node's HTTP parser refused the request (headers too large,
 * malformed request line or header, timeout), so there is no request object; the answer is written to
 * the socket, which is then closed, as Fastify's default does.
 */
export function clientErrorHandler(this: FastifyInstance, error: NodeJS.ErrnoException, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, FRAMEWORK_MESSAGES.headersTooLarge]
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, FRAMEWORK_MESSAGES.timeout]
        : [400, FRAMEWORK_MESSAGES.badHttp];
  this.log.debug({ err: error }, 'client error');
  const envelope: ErrorEnvelope = { code: 'E_BAD_REQUEST', message };
  const body = JSON.stringify(envelope);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/** How often a closing server ends the connections that have become idle since it began to close. */
const IDLE_SWEEP_MS = 250;

/**
 * Requests arriving while the server closes (a deploy draining this instance) get a 503 in the
 * envelope; Fastify's own fast path (`return503OnClosing`, turned off in app.ts) answers outside it.
 */
export function refuseRequestsWhileClosing(app: FastifyInstance): void {
  let closing = false;
  let sweeper: NodeJS.Timeout | undefined;
  app.addHook('preClose', async () => {
    closing = true;
    // Closing ends the connections idle at that moment; one still answering then would keep its socket
    // for the whole keep-alive timeout once done, holding the close (a deploy's drain) that long.
    sweeper = setInterval(() => app.server.closeIdleConnections(), IDLE_SWEEP_MS).unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(sweeper);
  });
  app.addHook('onRequest', async () => {
    if (closing) throw new HttpError('E_ERROR', FRAMEWORK_MESSAGES.closing, { status: 503 });
  });
}

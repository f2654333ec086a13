import {
  type FastifyBaseLogger,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  LogController,
} from 'fastify';

/** Secrets that travel in URLs (token login, reset links, live update tickets) must not reach the logs. */
export function redactUrl(url: string): string {
  return url
    .replace(/([?&](?:token|jwt|access_token|ticket)=)[^&#]*/gi, '$1[redacted]')
    .replace(/(\/reset-password\/)[^/?#]+/g, '$1[redacted]');
}

export function loggerOptions(options: { level: string; pretty: boolean }): FastifyServerOptions['logger'] {
  return {
    level: options.level,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        '*.password',
        '*.currentPassword',
        '*.newPassword',
        '*.ConfirmPassword',
        '*.otp',
        '*.token',
        '*.jwt',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req: (request: { method: string; url: string; ip?: string }) => ({
        method: request.method,
        url: redactUrl(request.url),
        remoteAddress: request.ip,
      }),
    },
    ...(options.pretty ? { transport: { target: 'pino-pretty' } } : {}),
  };
}

/**
 * The logger of the request line, per server logger: the same level, serialisers and destination, but
 * without the redaction paths. Those are wildcards (`*.password`, ...), which pino tries on every value
 * of every line (a copy and a walk of each value); the request line carries only values the server
 * built, none a secret: the method, the URL through redactUrl, the client address, the status and the
 * time (the request and reply serialisers pick them; headers and bodies never reach the line). Every
 * other line keeps the redaction.
 */
const requestLineLoggers = new WeakMap<FastifyBaseLogger, FastifyBaseLogger>();

function requestLineLogger(server: FastifyBaseLogger): FastifyBaseLogger {
  let logger = requestLineLoggers.get(server);
  if (!logger) {
    logger = server.child({}, { redact: [] });
    requestLineLoggers.set(server, logger);
  }
  return logger;
}

/**
 * One line per request, when its answer has left: method, redacted URL, client address, status and
 * time. Fastify's own controller writes two (one on arrival, one on completion); under load each line
 * is a pino call with its serialisers and redaction and a synchronous write, and the arrival line says
 * nothing the completion line does not. The line goes through requestLineLogger, with the request's id
 * as Fastify binds it, unless the request's logger has a level of its own (a route's `logLevel`).
 * Failures are logged as Fastify logs them.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (error) {
      super.requestCompleted(error, request, reply);
      return;
    }
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    const logger = requestLineLogger(request.server.log);
    if (logger.level === reply.log.level) {
      logger.info({ [this.requestIdLogLabel]: request.id, ...line }, 'request completed');
    } else {
      reply.log.info(line, 'request completed');
    }
  }
}

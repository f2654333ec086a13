import { type FastifyReply, type FastifyRequest, type FastifyServerOptions, LogController } from 'fastify';

/** Secrets that travel in URLs (token login, reset links) must not reach the logs. */
export function redactUrl(url: string): string {
  return url
    .replace(/([?&](?:token|jwt|access_token)=)[^&#]*/gi, '$1[redacted]')
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
 * One line per request, when its answer has left: method, redacted URL, client address, status and
 * time. Fastify's own controller writes two (one on arrival, one on completion); under load each line
 * is a pino call with its serialisers and redaction and a synchronous write, and the arrival line says
 * nothing the completion line does not. Failures are logged as Fastify logs them.
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
    reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}

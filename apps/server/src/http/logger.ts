import type { FastifyServerOptions } from 'fastify';

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

import { ERROR_CODES, type ErrorCode, type ErrorEnvelope, type FieldError, MESSAGES } from '@facet/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isConnectionLost } from '../db/connection-lost.ts';
import { HttpError } from './envelope.ts';
import { refuseRequestsWhileClosing } from './framework-errors.ts';
import { NOT_FOUND_PAGE, wantsPage } from './not-found-page.ts';

const NOT_FOUND = 'The requested resource was not found.';

/** Every failure leaves as an error envelope; only the log sees details of unexpected ones. */
export function installErrorHandlers(app: FastifyInstance, apiRoots: ReadonlySet<string>): void {
  app.setErrorHandler((error, request, reply) => {
    const known = toHttpError(error);
    if (known) {
      if (known.status >= 500) request.log.error({ err: error }, 'request failed');
      return reply.status(known.status).send(known.toEnvelope());
    }
    request.log.error({ err: error }, 'unexpected error');
    const envelope: ErrorEnvelope = { code: 'E_ERROR', message: MESSAGES.contactAdmin };
    return reply.status(500).send(envelope);
  });

  app.setNotFoundHandler((request, reply) => {
    if (wantsPage(request, apiRoots))
      return reply.status(404).type('text/html; charset=utf-8').send(NOT_FOUND_PAGE);
    const envelope: ErrorEnvelope = { code: 'E_NOT_FOUND', message: NOT_FOUND };
    return reply.status(404).send(envelope);
  });
  refuseRequestsWhileClosing(app);
}

function toHttpError(error: unknown): HttpError | undefined {
  if (error instanceof HttpError) return error;
  // The database cannot be reached, or the connection serving this request broke: worth trying again.
  if (isConnectionLost(error)) return new HttpError('E_ERROR', MESSAGES.databaseUnavailable, { status: 503 });
  if (hasZodFastifySchemaValidationErrors(error)) {
    const errors: FieldError[] = error.validation.map((issue) => ({
      field:
        issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || (error.validationContext ?? 'body'),
      message: issue.message ?? 'Invalid value',
    }));
    return new HttpError('E_BAD_REQUEST', errors[0]?.message ?? 'Invalid request', { errors });
  }
  const code = (error as FastifyError | undefined)?.code;
  switch (code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new HttpError('E_BAD_REQUEST', 'Malformed JSON body');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new HttpError('E_BAD_REQUEST', 'Unsupported content type: send application/json', {
        status: 415,
      });
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new HttpError('E_BAD_REQUEST', 'Request body is too large', { status: 413 });
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new HttpError('E_BAD_REQUEST', 'Request body size did not match Content-Length');
    default: {
      // Other client errors raised by Fastify or its plugins (bad URL, unsupported method, a static path
      // refused...) are safe to echo, with the code their status stands for (403: E_FORBIDDEN).
      const status = (error as FastifyError | undefined)?.statusCode;
      if (status && status >= 400 && status < 500 && error instanceof Error) {
        return new HttpError(codeOfStatus(status), error.message, { status });
      }
      return undefined;
    }
  }
}

/** The envelope code of a client error status; statuses without their own code are bad requests. */
function codeOfStatus(status: number): ErrorCode {
  const match = (Object.entries(ERROR_CODES) as [ErrorCode, number][]).find(([, value]) => value === status);
  return match ? match[0] : 'E_BAD_REQUEST';
}

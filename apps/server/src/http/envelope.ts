import {
  ERROR_CODES,
  type ErrorCode,
  type ErrorEnvelope,
  type FieldError,
  SUCCESS_CODE,
  type SuccessEnvelope,
} from '@facet/contract';

export function ok<T>(message: string, data: T): SuccessEnvelope<T> {
  return { code: SUCCESS_CODE, message, data };
}

/** Thrown by handlers and hooks; the error handler turns it into the error envelope. */
export class HttpError extends Error {
  readonly code: ErrorCode;
  readonly errors: FieldError[] | undefined;
  /** Overrides the code's own status where HTTP has a more precise one (413, 415). */
  readonly status: number;

  constructor(code: ErrorCode, message: string, options: { errors?: FieldError[]; status?: number } = {}) {
    super(message);
    this.code = code;
    this.errors = options.errors;
    this.status = options.status ?? ERROR_CODES[code];
  }

  toEnvelope(): ErrorEnvelope {
    return this.errors
      ? { code: this.code, message: this.message, errors: this.errors }
      : { code: this.code, message: this.message };
  }
}

/** A 400 naming one field, shaped like a validation failure so forms can show it beside the field. */
export function fieldError(field: string, message: string): HttpError {
  return new HttpError('E_BAD_REQUEST', message, { errors: [{ field, message }] });
}

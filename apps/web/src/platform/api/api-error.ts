import type { ErrorCode, FieldError } from '@facet/contract';

/** A call that did not answer OK; `message` is what the user was shown. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly code: ErrorCode | null,
    /** 0 when the server was not reached. */
    readonly status: number,
    readonly fieldErrors: readonly FieldError[] = [],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

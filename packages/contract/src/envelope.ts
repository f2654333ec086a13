import { z } from 'zod';
import { DEFAULT_PAGE_LIMIT, MAX_PAGE_LIMIT } from './paging.ts';

/** Every error answer carries one of these codes; the HTTP status travels with it. */
export const ERROR_CODES = {
  E_UNAUTHORIZED: 401,
  E_FORBIDDEN: 403,
  E_BAD_REQUEST: 400,
  E_NOT_FOUND: 404,
  E_CONFLICT: 409,
  E_TOO_MANY_REQUESTS: 429,
  E_ERROR: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;
export const SUCCESS_CODE = 'OK' as const;

export interface FieldError {
  field: string;
  message: string;
}

export interface SuccessEnvelope<T> {
  code: typeof SUCCESS_CODE;
  message: string;
  data: T;
}

export interface ErrorEnvelope {
  code: ErrorCode;
  message: string;
  /** Present on E_BAD_REQUEST: one entry per failing field. */
  errors?: FieldError[];
}

export type Envelope<T> = SuccessEnvelope<T> | ErrorEnvelope;

/** The refusals of a page request, in the panel's voice. */
export const PAGING_MESSAGES = {
  page: 'Enter a page number of 1 or more.',
  limit: (max: number) => `Enter a page size between 1 and ${max}.`,
  search: 'Search for 200 characters at most.',
} as const;

/** A list's page number: a whole number from 1. */
export const pageNumberSchema = z.coerce
  .number({ error: PAGING_MESSAGES.page })
  .int({ error: PAGING_MESSAGES.page })
  .min(1, { error: PAGING_MESSAGES.page })
  .default(1);

/** How many rows a page holds: a whole number from 1 to `max`. */
export function pageSizeSchema(max: number, fallback: number) {
  const error = PAGING_MESSAGES.limit(max);
  return z.coerce.number({ error }).int({ error }).min(1, { error }).max(max, { error }).default(fallback);
}

/** What a list is searched for. */
export const listSearchSchema = z
  .string({ error: PAGING_MESSAGES.search })
  .trim()
  .max(200, { error: PAGING_MESSAGES.search });

export const paginateRequestSchema = z
  .object({
    page: pageNumberSchema,
    limit: pageSizeSchema(MAX_PAGE_LIMIT, DEFAULT_PAGE_LIMIT),
    search: listSearchSchema.optional(),
    filter: z.record(z.string(), z.unknown()).optional(),
    sort: z.record(z.string(), z.enum(['asc', 'desc', 'ASC', 'DESC'])).optional(),
  })
  .meta({
    examples: [
      { page: 1, limit: 20, search: 'round', filter: { isActive: true }, sort: { createdAt: 'desc' } },
    ],
  });

export interface PaginateResult<T> {
  list: T[];
  count: number;
  /** A resource declaring `totals`: its figures over the whole filtered list. */
  totals?: Record<string, number | null>;
  /**
   * True when `count` and `totals` are estimates: the filter matched more rows than the list counts
   * exactly (the stock: 2,000), so they were worked out from a sample. Absent when they are exact.
   */
  estimated?: boolean;
}

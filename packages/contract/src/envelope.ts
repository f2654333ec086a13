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

export const paginateRequestSchema = z
  .object({
    page: z.coerce.number().int().min(1).default(1),
    limit: z.coerce.number().int().min(1).max(MAX_PAGE_LIMIT).default(DEFAULT_PAGE_LIMIT),
    search: z.string().trim().max(200).optional(),
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

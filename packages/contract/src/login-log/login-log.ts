import { z } from 'zod';
import { paginateRequestSchema } from '../envelope.ts';
import { calendarDayOrInstant } from '../format/calendar-dates.ts';

export const LOGIN_RESULTS = [
  'otp_sent',
  'success',
  'default_password',
  'unknown_user',
  'wrong_password',
  'inactive',
  'otp_invalid',
  'otp_expired',
  'rate_limited',
  /** A password set through a mailed reset link: it ends a sign-in lock-out of the account. */
  'password_reset',
] as const;
export type LoginResult = (typeof LOGIN_RESULTS)[number];

const loginResult = z.enum(LOGIN_RESULTS);
const sortDirection = z.enum(['asc', 'desc', 'ASC', 'DESC']);
const instant = calendarDayOrInstant();

/** Filters the login report understands; any other key is refused. */
export const loginLogFilterSchema = z.strictObject({
  result: z.union([loginResult, z.array(loginResult).min(1)]).optional(),
  userId: z.uuid().optional(),
  username: z.string().trim().min(1).max(254).optional(),
  /** Inclusive lower bound of `createdAt`. */
  from: instant.optional(),
  /** Exclusive upper bound of `createdAt`. */
  to: instant.optional(),
});

/** Body of `user/login/log/paginate`; `search` matches username or IP, default sort `createdAt` desc. */
export const loginLogPaginateSchema = paginateRequestSchema.extend({
  filter: loginLogFilterSchema.optional(),
  sort: z
    .strictObject({
      createdAt: sortDirection.optional(),
      username: sortDirection.optional(),
      result: sortDirection.optional(),
    })
    .optional(),
});
export type LoginLogPaginateRequest = z.infer<typeof loginLogPaginateSchema>;

/** One sign-in event: a code sent, a success, or a refusal and why. */
export const loginLogEntrySchema = z.object({
  id: z.string(),
  /** Null when the username matched no account. */
  userId: z.string().nullable(),
  username: z.string(),
  result: loginResult,
  ip: z.string(),
  userAgent: z.string(),
  /** The user agent as the reports name it ("Chrome on Windows"); null until named (docs/reports.md). */
  device: z.string().nullable(),
  createdAt: z.string(),
});
export type LoginLogEntry = z.infer<typeof loginLogEntrySchema>;

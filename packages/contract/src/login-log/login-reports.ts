import { z } from 'zod';
import { reportEndpointsOf } from '../reports/report-spec.ts';
import {
  LOGIN_OUTCOME_OPTIONS,
  LOGIN_REPORT_BY_OPTIONS,
  LOGIN_REPORT_SORT,
  LOGIN_SUMMARY_SORT,
  type LoginReportBy,
  type LoginResultClass,
  loginReport,
  loginSummaryReport,
} from './login-report-specs.ts';

// The reports over the sign-in log (`login_logs`), read from its daily roll-up (docs/reports.md says
// which days come from the roll-up and which from the log itself).

const TAG = 'Login report';

const outcome = z.enum(
  LOGIN_OUTCOME_OPTIONS.map((option) => option.value) as [LoginResultClass, ...LoginResultClass[]],
  { error: 'Choose signed in or failed.' },
);
/** Whose attempts, from where and on what: the filters both login reports take. */
const loginFilterFields = {
  result: outcome.optional(),
  userId: z.uuid().optional(),
  ip: z.string().trim().min(1).max(64).optional(),
  device: z.string().trim().min(1).max(120).optional(),
};

// --- Login: sign-ins and failures by user, address or device -------------------------------------------

export const loginReportFilterSchema = z.strictObject({
  by: z
    .enum(LOGIN_REPORT_BY_OPTIONS.map((option) => option.value) as [LoginReportBy, ...LoginReportBy[]])
    .default('user'),
  ...loginFilterFields,
});
export type LoginReportFilter = z.infer<typeof loginReportFilterSchema>;

/** A user (or a login that names no account), an address or a device, and its attempts. */
export const loginReportRowSchema = z.object({
  /** The user's id, the login as typed when it names no account, the address or the device. */
  key: z.string(),
  label: z.string(),
  /** The account's id on rows by user, null for a login that names none. */
  userId: z.string().nullable(),
  signIns: z.number().int(),
  failures: z.number().int(),
  /** The latest attempt of either kind in the period. */
  lastAt: z.string().nullable(),
});
export type LoginReportRow = z.infer<typeof loginReportRowSchema>;

// --- Login summary: per user and day ---------------------------------------------------------------------

export const loginSummaryFilterSchema = z.strictObject(loginFilterFields);

export const loginSummaryRowSchema = z.object({
  day: z.string(),
  /** The user's id, or the login as typed when it names no account. */
  key: z.string(),
  userId: z.string().nullable(),
  user: z.string(),
  signIns: z.number().int(),
  failures: z.number().int(),
  /** The day's first and last sign-in, null on a day of failures only. */
  firstSignInAt: z.string().nullable(),
  lastSignInAt: z.string().nullable(),
});
export type LoginSummaryRow = z.infer<typeof loginSummaryRowSchema>;

// --- Endpoints ---------------------------------------------------------------------------------------------

export const LOGIN_REPORT_ENDPOINTS = reportEndpointsOf(
  loginReport,
  { filter: loginReportFilterSchema, sortKeys: LOGIN_REPORT_SORT, row: loginReportRowSchema },
  { tag: TAG, summary: 'Sign-ins and failed attempts by user, address or device, with a chart by day.' },
);
export const LOGIN_SUMMARY_ENDPOINTS = reportEndpointsOf(
  loginSummaryReport,
  { filter: loginSummaryFilterSchema, sortKeys: LOGIN_SUMMARY_SORT, row: loginSummaryRowSchema },
  {
    tag: TAG,
    summary: 'Sign-ins and failed attempts per user and day, with the first and last sign-in of the day.',
  },
);

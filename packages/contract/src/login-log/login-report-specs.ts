import type { ReportSpec } from '../reports/report-spec.ts';
import { field } from '../resources/fields.ts';
import type { LoginResult } from './login-log.ts';
import type { LoginReportRow, LoginSummaryRow } from './login-reports.ts';

// The login reports as the screens and files read them, free of zod (login-reports.ts holds their
// schemas and endpoints): a report screen's chunk imports this file alone.

/**
 * How each result of the log counts in the reports. A sign-in is a session opened (with the default
 * password too: the password and code were right); a failure is an attempt refused, a lock-out's refusal
 * included. A code sent is a step of a sign-in that counts when the code is entered, and a password reset
 * is no attempt: both count as neither.
 */
export const LOGIN_RESULT_CLASSES = {
  success: 'signIn',
  default_password: 'signIn',
  unknown_user: 'failure',
  wrong_password: 'failure',
  inactive: 'failure',
  otp_invalid: 'failure',
  otp_expired: 'failure',
  rate_limited: 'failure',
  otp_sent: null,
  password_reset: null,
} as const satisfies Record<LoginResult, 'signIn' | 'failure' | null>;
export type LoginResultClass = 'signIn' | 'failure';

export const LOGIN_OUTCOME_OPTIONS = [
  { value: 'signIn', label: 'Signed in' },
  { value: 'failure', label: 'Failed' },
] as const;

/** What the login report counts sign-ins by. */
export const LOGIN_REPORT_BY_OPTIONS = [
  { value: 'user', label: 'User' },
  { value: 'ip', label: 'Address' },
  { value: 'device', label: 'Device' },
] as const;
export type LoginReportBy = (typeof LOGIN_REPORT_BY_OPTIONS)[number]['value'];

/** Each result of the log as the screens name it. */
export const LOGIN_RESULT_LABELS: Record<LoginResult, string> = {
  otp_sent: 'Code sent',
  success: 'Signed in',
  default_password: 'Signed in with the first password',
  unknown_user: 'Unknown user',
  wrong_password: 'Wrong password',
  inactive: 'Account inactive',
  otp_invalid: 'Wrong code',
  otp_expired: 'Code expired',
  rate_limited: 'Too many attempts',
  password_reset: 'Password reset',
};

const loginFilterSpecs = {
  result: field.enum('Result', LOGIN_OUTCOME_OPTIONS),
  userId: field.user('User'),
  ip: field.text('Address', { max: 64 }),
  device: field.text('Device', { max: 120 }),
};

export const LOGIN_REPORT_SORT = ['label', 'signIns', 'failures', 'lastAt'] as const;
export const LOGIN_SUMMARY_SORT = ['day', 'user', 'signIns', 'failures'] as const;

export const loginReport: ReportSpec<LoginReportRow> = {
  key: 'login',
  title: 'Login report',
  description: 'Sign-ins and failed attempts by user, address or device.',
  screen: 'report',
  module: 'Login',
  paginatePath: 'user/login/log/report',
  exportPath: 'user/login/log/report/export',
  columns: [
    { key: 'label', spec: field.text('User, address or device') },
    { key: 'signIns', spec: field.integer('Sign-ins') },
    { key: 'failures', spec: field.integer('Failures') },
    { key: 'lastAt', spec: field.datetime('Last attempt') },
  ],
  filters: { by: field.enum('By', LOGIN_REPORT_BY_OPTIONS), ...loginFilterSpecs },
  countedBy: { filter: 'by', fallback: 'user', column: 'label' },
  sortKeys: LOGIN_REPORT_SORT,
  defaultSort: { key: 'signIns', direction: 'desc' },
  chartTitle: 'Sign-ins and failures by day',
  defaultDays: 30,
};

export const loginSummaryReport: ReportSpec<LoginSummaryRow> = {
  key: 'login-summary',
  title: 'Login summary',
  description: 'Each user’s sign-ins and failed attempts a day, with the day’s first and last sign-in.',
  screen: 'login-summary',
  module: 'Search Summary',
  paginatePath: 'user/login/log/summary',
  exportPath: 'user/login/log/summary/export',
  columns: [
    { key: 'day', spec: field.date('Day') },
    { key: 'user', spec: field.text('User') },
    { key: 'signIns', spec: field.integer('Sign-ins') },
    { key: 'failures', spec: field.integer('Failures') },
    { key: 'firstSignInAt', spec: field.datetime('First sign-in') },
    { key: 'lastSignInAt', spec: field.datetime('Last sign-in') },
  ],
  filters: loginFilterSpecs,
  sortKeys: LOGIN_SUMMARY_SORT,
  defaultSort: { key: 'day', direction: 'desc' },
  chartTitle: 'Sign-ins and failures by day',
  defaultDays: 30,
};

import { z } from 'zod';
import { defineEndpoint } from '../endpoints/endpoint.ts';
import { calendarDay } from '../format/calendar-dates.ts';
import {
  HIT_COUNTER_SORT,
  type HitCounterRow,
  hitCounterReport,
  PAGE_VISIT_LIMITS,
  REPORT_MODULES,
  type ReportKey,
  type ReportUseRow,
} from './hit-counter-declaration.ts';
import { checkReportPeriod, REPORT_FORMATS, reportEndpointsOf } from './report-spec.ts';

export {
  type HitCounterRow,
  hitCounterReport,
  PAGE_VISIT_LIMITS,
  REPORT_MODULES,
  type ReportKey,
  type ReportUseRow,
} from './hit-counter-declaration.ts';

// The hit counter (page visits by page and day, from page tracking), the report log (who viewed or
// downloaded which report) and the call that records a visit. Figures read a daily roll-up kept by a
// job, the days it has not rolled up yet read from the visits themselves: a visit counts at once.

const TAG = 'Hit counter';

const bounded = (max: number, what: string) =>
  z
    .string()
    .trim()
    .max(max, { error: `Enter a ${what} of at most ${max} characters.` });

// --- Hit counter ------------------------------------------------------------------------------------

const hitCounterFilter = z.strictObject({
  page: bounded(PAGE_VISIT_LIMITS.page, 'page').optional(),
  device: bounded(PAGE_VISIT_LIMITS.device, 'device').optional(),
});

/** One page and its visits over the period. */
export const hitCounterRowSchema: z.ZodType<HitCounterRow> = z.object({
  page: z.string(),
  visits: z.number().int(),
  /** Different users a day, summed over the days: a user back the next day counts again. */
  visitors: z.number().int(),
  /** Days with at least one visit. */
  days: z.number().int(),
  lastVisitAt: z.string().nullable(),
});

export const HIT_COUNTER_ENDPOINTS = reportEndpointsOf(
  hitCounterReport,
  { filter: hitCounterFilter, sortKeys: HIT_COUNTER_SORT, row: hitCounterRowSchema },
  { tag: TAG, summary: 'Page visits by page over a period, with visits by day and the totals.' },
);

// --- Report log ---------------------------------------------------------------------------------------

const REPORT_KEYS = Object.keys(REPORT_MODULES) as [ReportKey, ...ReportKey[]];

export const REPORT_LOG_ACTIONS = ['view', 'download'] as const;

export const reportLogBodySchema = z.strictObject({
  report: z.enum(REPORT_KEYS, { error: 'Choose a report of the panel.' }),
  action: z.enum(REPORT_LOG_ACTIONS, { error: 'Choose view or download.' }),
  format: z.enum(REPORT_FORMATS, { error: 'Choose XLSX, CSV or PDF.' }).optional(),
});

export const REPORT_LOG_ENDPOINT = defineEndpoint({
  method: 'POST',
  path: 'admin/report/log/upsert',
  tag: TAG,
  summary:
    'Records that the caller viewed or downloaded a report (a file sent by a report counts by itself).',
  description: 'The caller must be allowed to view the report’s own module.',
  access: { modules: [...new Set(Object.values(REPORT_MODULES))], action: 'view' },
  body: reportLogBodySchema,
  answer: { data: z.object({ recorded: z.boolean() }) },
});

// --- Report use on the hit counter ---------------------------------------------------------------------

/** The hit counter's period, whole UTC days as every report's. */
const reportUseBodySchema = z
  .strictObject({ from: calendarDay(), to: calendarDay() })
  .superRefine(checkReportPeriod);

export const reportUseRowSchema: z.ZodType<ReportUseRow> = z.object({
  report: z.enum(REPORT_KEYS),
  title: z.string(),
  views: z.number().int(),
  downloads: z.number().int(),
  users: z.number().int(),
  lastUsedAt: z.string().nullable(),
});

export const REPORT_USE_ENDPOINT = defineEndpoint({
  method: 'POST',
  path: 'apis/analytics/hit-counter/reports',
  tag: TAG,
  summary: 'Each report’s views and downloads over a period, from the report log, most used first.',
  description:
    'Every report of the panel is listed, used or not. A view is a report’s screen opened; a download, a file of it sent.',
  access: { module: hitCounterReport.module, action: 'view' },
  body: reportUseBodySchema,
  answer: { data: z.object({ list: z.array(reportUseRowSchema) }) },
});

// --- Recording a visit -----------------------------------------------------------------------------

export const pageVisitBodySchema = z.strictObject({
  page: bounded(PAGE_VISIT_LIMITS.page, 'page').min(1, { error: 'Enter the page visited.' }),
  section: bounded(PAGE_VISIT_LIMITS.section, 'section').optional(),
  action: bounded(PAGE_VISIT_LIMITS.action, 'action').optional(),
  description: bounded(PAGE_VISIT_LIMITS.description, 'description').optional(),
  device: bounded(PAGE_VISIT_LIMITS.device, 'device').optional(),
});
export type PageVisitBody = z.infer<typeof pageVisitBodySchema>;

export const PAGE_VISIT_ENDPOINT = defineEndpoint({
  method: 'POST',
  path: 'apis/analytics/track',
  tag: TAG,
  summary: 'Records a visit of the caller to a page (staff screens, customer apps).',
  description: `The visitor is the signed-in caller. At most ${PAGE_VISIT_LIMITS.perMinute} visits a minute are recorded for one user; more answer \`recorded: false\`.`,
  access: { authenticated: true },
  body: pageVisitBodySchema,
  answer: { data: z.object({ recorded: z.boolean() }) },
});

import { z } from 'zod';
import { defineEndpoint, pageOf } from '../endpoints/endpoint.ts';
import { paginateRequestSchema } from '../envelope.ts';
import { calendarDay } from '../format/calendar-dates.ts';
import { isKnownTimeZone } from '../format/display-format.ts';
import { RESOURCE_MESSAGES } from '../resources/field-rules.ts';
import { sortOf } from '../resources/list-request.ts';
import type { ReportChart } from './report-declaration.ts';

// The declaration of a report and its chart helpers are free of zod (report-declaration.ts): a report's
// screen downloads them, not the schemas.
export {
  CHART_MOST_LABELS,
  chartLabelText,
  chartToDraw,
  defineReport,
  type ReportChart,
  type ReportSpec,
  reportColumnsFor,
} from './report-declaration.ts';

/** The longest period a report reads: three years and a day (a leap year among them). */
export const REPORT_LIMITS = { longestPeriodDays: 3 * 365 + 1 } as const;

export const REPORT_MESSAGES = {
  periodOrder: 'Enter a start that is not after the end.',
  periodLength: 'Choose a period of three years at most.',
  periodEnd: 'Choose an end before 31 Dec 9999.',
  format: 'Choose XLSX, CSV or PDF.',
} as const;

/**
 * The last day a period may end on: a report reads up to the midnight after its last day, and dates
 * end with 9999 (calendar-dates.ts), where that midnight of 31 Dec 9999 is no longer a date.
 */
const LAST_PERIOD_DAY = '9999-12-30';

/** A report's files: the two sheets, and a printable PDF that carries its chart. */
export const REPORT_FORMATS = ['xlsx', 'csv', 'pdf'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

const DAY_MS = 86_400_000;

/** Days from `from` to `to`, both counted. */
export function periodDays(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

/** A report's period, checked: in order, three years at most, and ending on a day that has a next. */
export function checkReportPeriod(body: { from: string; to: string }, ctx: z.RefinementCtx) {
  if (body.to > LAST_PERIOD_DAY) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: REPORT_MESSAGES.periodEnd });
  } else if (body.from > body.to) {
    ctx.addIssue({ code: 'custom', path: ['from'], message: REPORT_MESSAGES.periodOrder });
  } else if (periodDays(body.from, body.to) > REPORT_LIMITS.longestPeriodDays) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: REPORT_MESSAGES.periodLength });
  }
}

/**
 * Every report's period: whole days (UTC), `from` and `to` both included. Reports count by UTC day, so
 * that one day's figures are the same for every reader and every instance.
 */
const period = { from: calendarDay(), to: calendarDay() };

/**
 * The body of a report's page: its period, its own filter, the sort by one of its keys, and the page
 * (`page`, `limit` as every list).
 */
export function reportRequestOf<F extends z.ZodType, const K extends readonly string[]>(
  filter: F,
  sortKeys: K,
) {
  return paginateRequestSchema
    .extend({ ...period, filter: filter.optional(), sort: sortOf(sortKeys).optional() })
    .superRefine(checkReportPeriod);
}

/** The body of a report's file: the page's, every row, in a format and the reader's zone. */
export function reportExportOf<F extends z.ZodType, const K extends readonly string[]>(
  filter: F,
  sortKeys: K,
) {
  return paginateRequestSchema
    .extend({
      ...period,
      filter: filter.optional(),
      sort: sortOf(sortKeys).optional(),
      format: z.enum(REPORT_FORMATS, { error: REPORT_MESSAGES.format }).default('xlsx'),
      timeZone: z
        .string()
        .refine((zone) => zone.length <= 64 && isKnownTimeZone(zone), {
          error: RESOURCE_MESSAGES.unknownTimeZone,
        })
        .optional(),
    })
    .superRefine(checkReportPeriod);
}

/**
 * What a report draws: one label a bar or point (days as `2026-11-25`, or the values of what it counts
 * by, as they read), and one or more series of as many values. The screen draws it with its table view
 * beside it, and the PDF prints it above the table.
 */
export const reportChartSchema: z.ZodType<ReportChart> = z.object({
  kind: z.enum(['bar', 'line']),
  labels: z.array(z.string()),
  series: z.array(
    z.object({
      key: z.string(),
      label: z.string(),
      values: z.array(z.number()),
    }),
  ),
});

/** A report's answer: a page of its table, its totals over the whole period, and its chart. */
export function reportPageOf<T extends z.ZodType>(row: T) {
  return pageOf(row).extend({ chart: reportChartSchema });
}

/** The content types of a report's file. */
const REPORT_FILES: readonly string[] = [
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'text/csv',
  'application/pdf',
];

/**
 * A declared report's two endpoints, gated by its module: its page (with the chart) and its file, both
 * taking its filter and sort.
 */
export function reportEndpointsOf<
  F extends z.ZodType,
  const K extends readonly string[],
  R extends z.ZodType,
>(
  report: { title: string; module: string; paginatePath: string; exportPath: string },
  schemas: { filter: F; sortKeys: K; row: R },
  docs: { tag: string; summary: string },
) {
  return {
    paginate: defineEndpoint({
      method: 'POST',
      path: report.paginatePath,
      tag: docs.tag,
      summary: docs.summary,
      access: { module: report.module, action: 'view' },
      body: reportRequestOf(schemas.filter, schemas.sortKeys),
      answer: { data: reportPageOf(schemas.row) },
    }),
    export: defineEndpoint({
      method: 'POST',
      path: report.exportPath,
      tag: docs.tag,
      summary: `${report.title} as an XLSX, CSV or PDF file (with its chart), every row.`,
      access: { module: report.module, action: 'view' },
      body: reportExportOf(schemas.filter, schemas.sortKeys),
      answer: { file: REPORT_FILES },
    }),
  };
}

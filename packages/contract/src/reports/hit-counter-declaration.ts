import type { AdminModuleName } from '../access/admin-modules.ts';
import { field } from '../resources/fields.ts';
import { defineReport } from './report-declaration.ts';

// The hit counter's declaration and the report keys, free of zod: the screens download these, the
// schemas stay with the endpoints (hit-counter-report.ts).

/** The bounds of a recorded visit (page tracking's own field lengths), and its pace per user. */
export const PAGE_VISIT_LIMITS = {
  page: 200,
  section: 200,
  action: 100,
  description: 2000,
  device: 100,
  /** Visits one user may record a minute; more are answered, not recorded. */
  perMinute: 60,
} as const;

/** What the hit counter sorts by. */
export const HIT_COUNTER_SORT = ['page', 'visits', 'visitors', 'days', 'lastVisitAt'] as const;

/** One page and its visits over the period. */
export interface HitCounterRow {
  page: string;
  visits: number;
  /** Different users a day, summed over the days: a user back the next day counts again. */
  visitors: number;
  /** Days with at least one visit. */
  days: number;
  lastVisitAt: string | null;
}

/** A report's use over a period, as the hit counter lists it beside the pages. */
export interface ReportUseRow {
  report: ReportKey;
  /** The report's title on its screen. */
  title: string;
  /** Times its screen was opened. */
  views: number;
  /** Files of it sent (XLSX, CSV or PDF). */
  downloads: number;
  /** Different users who viewed or downloaded it. */
  users: number;
  lastUsedAt: string | null;
}

export const hitCounterReport = defineReport<HitCounterRow>({
  key: 'hit-counter',
  title: 'Hit counter',
  description:
    'Page visits by page and day, from page tracking: the panel’s screens and the customers’ apps.',
  screen: 'hit-counter',
  module: 'Hit Counter',
  paginatePath: 'apis/analytics/hit-counter',
  exportPath: 'apis/analytics/hit-counter/export',
  columns: [
    { key: 'page', spec: field.text('Page') },
    { key: 'visits', spec: field.integer('Visits') },
    { key: 'visitors', spec: field.integer('Visitors a day') },
    { key: 'days', spec: field.integer('Days with visits') },
    { key: 'lastVisitAt', spec: field.datetime('Last visit') },
  ],
  filters: {
    page: field.text('Page', { max: PAGE_VISIT_LIMITS.page }),
    device: field.text('Device', { max: PAGE_VISIT_LIMITS.device }),
  },
  sortKeys: HIT_COUNTER_SORT,
  defaultSort: { key: 'visits', direction: 'desc' },
  chartTitle: 'Visits by day',
  defaultDays: 30,
});

/** Every declared report by its key, and the permission module that lets a user read it. */
export const REPORT_MODULES = {
  login: 'Login',
  'login-summary': 'Search Summary',
  'search-summary': 'Search Summary',
  summary: 'Summary',
  'layout-search': 'Layout Search',
  'four-c': '4 C',
  'search-vs-sold': 'Search vs Sold',
  'hit-counter': 'Hit Counter',
} as const satisfies Record<string, AdminModuleName>;
export type ReportKey = keyof typeof REPORT_MODULES;

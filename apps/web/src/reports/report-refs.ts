import {
  endpointRefs,
  type PAGE_VISIT_ENDPOINT,
  type REPORT_LOG_ENDPOINT,
  type REPORT_MODULES,
  type REPORT_USE_ENDPOINT,
} from '@facet/contract';

type ReportModule = (typeof REPORT_MODULES)[keyof typeof REPORT_MODULES];

/** The report modules, of which any lets a user record a view (the server checks the report's own). */
const READERS: ReportModule[] = [
  'Login',
  'Search Summary',
  'Summary',
  'Layout Search',
  '4 C',
  'Search vs Sold',
  'Hit Counter',
];

/**
 * The report log and page visit calls of the panel, as refs: the screens' chunks hold no schema
 * (docs/performance.md). endpoint-refs.test.ts compares every ref with its declaration.
 */
export const REPORT_REFS = endpointRefs<{
  log: typeof REPORT_LOG_ENDPOINT;
  track: typeof PAGE_VISIT_ENDPOINT;
  reportUse: typeof REPORT_USE_ENDPOINT;
}>()({
  log: ['POST', 'admin/report/log/upsert', { modules: READERS, action: 'view' }],
  track: ['POST', 'apis/analytics/track', { authenticated: true }],
  reportUse: ['POST', 'apis/analytics/hit-counter/reports', { module: 'Hit Counter', action: 'view' }],
});

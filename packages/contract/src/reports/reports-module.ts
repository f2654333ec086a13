import { defineModule } from '../modules/contract-module.ts';
import { CUSTOMER_SEARCH_ENDPOINTS } from './customer-search.ts';
import {
  HIT_COUNTER_ENDPOINTS,
  PAGE_VISIT_ENDPOINT,
  REPORT_LOG_ENDPOINT,
  REPORT_USE_ENDPOINT,
} from './hit-counter-report.ts';
import { LAYOUT_SEARCH_REPORT_ENDPOINTS } from './layout-search-report.ts';
import { REPORTS_PERMISSIONS } from './reports-permissions.ts';
import {
  FOUR_C_ENDPOINTS,
  SEARCH_DAY_ENDPOINTS,
  SEARCH_SOLD_ENDPOINTS,
  SEARCH_SUMMARY_ENDPOINTS,
} from './search-reports.ts';

/** Reports over sign-ins, searches and sales. */
export const reportsModule = defineModule({
  name: 'reports',
  permissions: REPORTS_PERMISSIONS,
  endpoints: [
    LAYOUT_SEARCH_REPORT_ENDPOINTS,
    SEARCH_SUMMARY_ENDPOINTS,
    SEARCH_DAY_ENDPOINTS,
    FOUR_C_ENDPOINTS,
    SEARCH_SOLD_ENDPOINTS,
    CUSTOMER_SEARCH_ENDPOINTS,
    HIT_COUNTER_ENDPOINTS,
    { log: REPORT_LOG_ENDPOINT, track: PAGE_VISIT_ENDPOINT, reportUse: REPORT_USE_ENDPOINT },
  ],
  screens: [
    {
      path: 'login-summary',
      title: 'Login summary',
      module: 'Search Summary',
      menu: { group: 'Report', id: 302, name: 'Login Summary' },
    },
    {
      path: 'search-summary',
      title: 'Search summary',
      module: 'Search Summary',
      menu: { group: 'Report', id: 305, name: 'Search Summary' },
    },
    { path: 'summary', title: 'Summary', module: 'Summary' },
    {
      path: 'layout-search',
      title: 'Layout search',
      module: 'Layout Search',
      menu: { group: 'Report', id: 304, name: 'Layout Search' },
    },
    {
      path: 'Four-C',
      title: '4 C search',
      module: '4 C',
      menu: { group: 'Report', id: 306, name: 'Four C' },
    },
    {
      path: 'sale/summary',
      title: 'Search vs sold',
      module: 'Search vs Sold',
      menu: { group: 'Report', id: 307, name: 'Search vs Sold' },
    },
    {
      path: 'hit-counter',
      title: 'Hit counter',
      module: 'Hit Counter',
      menu: { group: 'Report', id: 308, name: 'Hit Counter' },
    },
  ],
});

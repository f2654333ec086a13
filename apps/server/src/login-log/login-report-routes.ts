import {
  LOGIN_REPORT_ENDPOINTS,
  LOGIN_SUMMARY_ENDPOINTS,
  loginReport,
  loginSummaryReport,
} from '@facet/contract';
import type { AppContext } from '../app-context.ts';
import { reportRoutes } from '../reports/report-routes.ts';
import { loginReportSource, loginSummarySource } from './login-report-queries.ts';

export function loginReportRoutes(ctx: AppContext) {
  return [
    ...reportRoutes(ctx, loginReport, LOGIN_REPORT_ENDPOINTS, loginReportSource(ctx.db)),
    ...reportRoutes(ctx, loginSummaryReport, LOGIN_SUMMARY_ENDPOINTS, loginSummarySource(ctx.db)),
  ];
}

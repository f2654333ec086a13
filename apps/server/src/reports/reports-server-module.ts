import { defineServerModule } from '../modules/server-module.ts';
import { hitCounterRoutes, rollUpPageVisitsJob } from './hit-counter.ts';
import { layoutSearchReportRoutes } from './layout-search-report.ts';
import { layoutSearchRollupJob } from './layout-search-rollup.ts';
import { reportLogRoutes } from './report-log.ts';
import { customerSearchRoutes, searchReportRoutes, searchRollupJob } from './search-report-routes.ts';

export const reportsServerModule = defineServerModule({
  name: 'reports',
  routes: (ctx) => [
    ...layoutSearchReportRoutes(ctx),
    ...hitCounterRoutes(ctx),
    ...reportLogRoutes(ctx),
    ...searchReportRoutes(ctx),
    ...customerSearchRoutes(ctx),
  ],
  jobs: [{ name: 'page-visit-rollup', run: rollUpPageVisitsJob }, searchRollupJob, layoutSearchRollupJob],
  tableRows: {
    report_logs: { one: 'report log entry', many: 'report log entries' },
    page_visit_pace: { one: 'page visit count', many: 'page visit counts' },
  },
});

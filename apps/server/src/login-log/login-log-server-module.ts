import { defineServerModule } from '../modules/server-module.ts';
import { pruneLoginLogs } from './login-log.ts';
import { loginLogRoutes } from './login-log-routes.ts';
import { loginReportRoutes } from './login-report-routes.ts';
import { rollUpClosedLoginDays } from './login-rollup.ts';

export const loginLogServerModule = defineServerModule({
  name: 'login-log',
  routes: (ctx) => [...loginLogRoutes(ctx), ...loginReportRoutes(ctx)],
  maintenance: (ctx) => pruneLoginLogs(ctx.db, ctx.config.loginLogRetentionDays),
  jobs: [{ name: 'login-daily', run: rollUpClosedLoginDays }],
});

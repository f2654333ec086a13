import { defineServerModule } from '../modules/server-module.ts';
import { pruneLoginLogs } from './login-log.ts';
import { loginLogRoutes } from './login-log-routes.ts';

export const loginLogServerModule = defineServerModule({
  name: 'login-log',
  routes: loginLogRoutes,
  maintenance: (ctx) => pruneLoginLogs(ctx.db, ctx.config.loginLogRetentionDays),
});

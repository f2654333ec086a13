import { defineServerModule } from '../modules/server-module.ts';
import { pruneAuditLogs } from '../resources/audit-log.ts';
import { auditRoutes } from './audit-routes.ts';

export const auditServerModule = defineServerModule({
  name: 'audit',
  routes: auditRoutes,
  maintenance: (ctx) => pruneAuditLogs(ctx.db, ctx.config.auditRetentionDays),
});

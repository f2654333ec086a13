import { accountsServerModule } from './accounts/accounts-server-module.ts';
import { appointmentsServerModule } from './appointments/appointments-server-module.ts';
import { auditServerModule } from './audit/audit-server-module.ts';
import { authServerModule } from './auth/auth-server-module.ts';
import { dashboardServerModule } from './dashboard/dashboard-server-module.ts';
import { diamondCommentsServerModule } from './diamond-comments/diamond-comments-server-module.ts';
import { diamondJourneyServerModule } from './diamond-journey/diamond-journey-server-module.ts';
import { featuredStonesServerModule } from './featured-stones/featured-stones-server-module.ts';
import { gridServerModule } from './grid/grid-server-module.ts';
import { healthServerModule } from './health/health-server-module.ts';
import { layoutsServerModule } from './layouts/layouts-server-module.ts';
import { liveServerModule } from './live/live-server-module.ts';
import { loginLogServerModule } from './login-log/login-log-server-module.ts';
import { mastersServerModule } from './masters/masters-server-module.ts';
import { defineServerModule, type ServerModule } from './modules/server-module.ts';
import { noncertServerModule } from './noncert/noncert-server-module.ts';
import { notificationsServerModule } from './notifications/notifications-server-module.ts';
import { parcelsServerModule } from './parcels/parcels-server-module.ts';
import { permissionsServerModule } from './permissions/permissions-server-module.ts';
import { reportsServerModule } from './reports/reports-server-module.ts';
import { booleanStatusRoutes } from './resources/boolean-status-route.ts';
import { resourceRoutes } from './resources/resource-routes.ts';
import { rolesServerModule } from './roles/roles-server-module.ts';
import { searchHistoryServerModule } from './search-history/search-history-server-module.ts';
import { settingsServerModule } from './settings/settings-server-module.ts';
import { stockServerModule } from './stock/stock-server-module.ts';
import { stockSummaryServerModule } from './stock-summary/stock-summary-server-module.ts';
import { stockUploadServerModule } from './stock-upload/stock-upload-server-module.ts';
import { stoneLookupServerModule } from './stone-lookup/stone-lookup-server-module.ts';
import { syncServerModule } from './sync/sync-server-module.ts';
import { uploadsServerModule } from './uploads/uploads-server-module.ts';
import { usersServerModule } from './users/users-server-module.ts';

/** Every resource's generated endpoints, whichever module declares it, and the shared toggle. */
const resourcesServerModule = defineServerModule({
  name: 'resources',
  routes: (ctx) => [...resourceRoutes(ctx), ...booleanStatusRoutes(ctx)],
});

/**
 * Every feature of the server, in the order of the contract's list (CONTRACT_MODULES). A module of the
 * contract with nothing to run on the server (geography, marketing: resources only) has no entry: the
 * resource engine serves its resources. Adding a feature with server code is adding its line here.
 */
export const SERVER_MODULES: readonly ServerModule[] = [
  dashboardServerModule,
  authServerModule,
  healthServerModule,
  resourcesServerModule,
  usersServerModule,
  rolesServerModule,
  permissionsServerModule,
  auditServerModule,
  loginLogServerModule,
  mastersServerModule,
  accountsServerModule,
  stockServerModule,
  stockUploadServerModule,
  stoneLookupServerModule,
  featuredStonesServerModule,
  noncertServerModule,
  layoutsServerModule,
  diamondCommentsServerModule,
  diamondJourneyServerModule,
  searchHistoryServerModule,
  stockSummaryServerModule,
  parcelsServerModule,
  reportsServerModule,
  appointmentsServerModule,
  settingsServerModule,
  notificationsServerModule,
  liveServerModule,
  syncServerModule,
  gridServerModule,
  uploadsServerModule,
];

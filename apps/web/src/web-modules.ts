import { accountsWebModule } from './accounts/accounts-web-module.ts';
import { appointmentsWebModule } from './appointments/appointments-web-module.ts';
import { authWebModule } from './auth/auth-web-module.ts';
import { dashboardWebModule } from './dashboard/dashboard-web-module.ts';
import { diamondCommentsWebModule } from './diamond-comments/diamond-comments-web-module.ts';
import { diamondJourneyWebModule } from './diamond-journey/diamond-journey-web-module.ts';
import { layoutsWebModule } from './layouts/layouts-web-module.ts';
import { liveWebModule } from './live/live-web-module.ts';
import { loginLogWebModule } from './login-log/login-log-web-module.ts';
import { noncertWebModule } from './noncert/noncert-web-module.ts';
import { notificationsWebModule } from './notifications/notifications-web-module.ts';
import { parcelsWebModule } from './parcels/parcels-web-module.ts';
import { permissionsWebModule } from './permissions/permissions-web-module.ts';
import type { WebModule } from './platform/modules/web-module.ts';
import { reportsWebModule } from './reports/reports-web-module.ts';
import { rolesWebModule } from './roles/roles-web-module.ts';
import { searchHistoryWebModule } from './search-history/search-history-web-module.ts';
import { settingsWebModule } from './settings/settings-web-module.ts';
import { stockWebModule } from './stock/stock-web-module.ts';
import { stockSummaryWebModule } from './stock-summary/stock-summary-web-module.ts';
import { stockUploadWebModule } from './stock-upload/stock-upload-web-module.ts';
import { syncWebModule } from './sync/sync-web-module.ts';
import { usersWebModule } from './users/users-web-module.ts';

/**
 * Every feature of the panel that brings screens, row actions, switches, inputs or header widgets: the
 * only file that imports them all. main.tsx hands the list to the router and the engine. A feature that
 * is only resources (generic lists and forms) needs no entry: the contract's catalogue covers it.
 */
export const WEB_MODULES: readonly WebModule[] = [
  dashboardWebModule,
  authWebModule,
  usersWebModule,
  rolesWebModule,
  permissionsWebModule,
  accountsWebModule,
  notificationsWebModule,
  liveWebModule,
  stockWebModule,
  stockUploadWebModule,
  noncertWebModule,
  layoutsWebModule,
  diamondCommentsWebModule,
  stockSummaryWebModule,
  diamondJourneyWebModule,
  searchHistoryWebModule,
  syncWebModule,
  settingsWebModule,
  parcelsWebModule,
  appointmentsWebModule,
  loginLogWebModule,
  reportsWebModule,
];

import { scopeCatalogueOf } from './access/permission-scopes.ts';
import { accountsModule } from './accounts/accounts-module.ts';
import { apiDocsModule } from './api-docs/api-docs-module.ts';
import { appointmentsModule } from './appointments/appointments-module.ts';
import { appsModule } from './apps/apps-module.ts';
import { auditModule } from './audit/audit-module.ts';
import { authModule } from './auth/auth-module.ts';
import { dashboardModule } from './dashboard/dashboard-module.ts';
import { diamondCommentsModule } from './diamond-comments/diamond-comments-module.ts';
import { diamondJourneyModule } from './diamond-journey/diamond-journey-module.ts';
import { featuredStonesModule } from './featured-stones/featured-stones-module.ts';
import { forumModule } from './forum/forum-module.ts';
import { geographyModule } from './geography/geography-module.ts';
import { gridModule } from './grid/grid-module.ts';
import { healthModule } from './health/health-module.ts';
import { layoutsModule } from './layouts/layouts-module.ts';
import { liveModule } from './live/live-module.ts';
import { loginLogModule } from './login-log/login-log-module.ts';
import { marketingModule } from './marketing/marketing-module.ts';
import { mastersModule } from './masters/masters-module.ts';
import { assembleContract } from './modules/assemble-contract.ts';
import type { ContractModule } from './modules/contract-module.ts';
import { defineModule } from './modules/contract-module.ts';
import { noncertModule } from './noncert/noncert-module.ts';
import { notificationsModule } from './notifications/notifications-module.ts';
import { parcelsModule } from './parcels/parcels-module.ts';
import { permissionsModule } from './permissions/permissions-module.ts';
import { reportsModule } from './reports/reports-module.ts';
import { registerContract } from './resources/contract-registry.ts';
import { RESOURCE_ENDPOINTS } from './resources/resource-endpoints.ts';
import { rolesModule } from './roles/roles-module.ts';
import { searchHistoryModule } from './search-history/search-history-module.ts';
import { servicesModule } from './services/services-module.ts';
import { settingsModule } from './settings/settings-module.ts';
import { stockModule } from './stock/stock-module.ts';
import { stockSummaryModule } from './stock-summary/stock-summary-module.ts';
import { stockUploadModule } from './stock-upload/stock-upload-module.ts';
import { stoneLookupModule } from './stone-lookup/stone-lookup-module.ts';
import { syncModule } from './sync/sync-module.ts';
import { uploadsModule } from './uploads/uploads-module.ts';
import { usersModule } from './users/users-module.ts';

/** The resource engine's own endpoints, shared by every resource (the status toggles). */
const resourcesModule = defineModule({ name: 'resources', endpoints: [RESOURCE_ENDPOINTS] });

/**
 * Every feature of Facet, each declared in its own folder. Adding a module is adding its line here (see
 * docs/adding-a-module.md); the menu, the panel routes, the permission catalogue and the endpoint table
 * follow from this list.
 */
export const CONTRACT_MODULES: readonly ContractModule[] = [
  dashboardModule,
  authModule,
  healthModule,
  apiDocsModule,
  resourcesModule,
  usersModule,
  rolesModule,
  permissionsModule,
  auditModule,
  loginLogModule,
  mastersModule,
  geographyModule,
  accountsModule,
  stockModule,
  stockUploadModule,
  stoneLookupModule,
  featuredStonesModule,
  noncertModule,
  layoutsModule,
  diamondCommentsModule,
  diamondJourneyModule,
  searchHistoryModule,
  stockSummaryModule,
  parcelsModule,
  marketingModule,
  appointmentsModule,
  forumModule,
  servicesModule,
  settingsModule,
  notificationsModule,
  liveModule,
  appsModule,
  syncModule,
  gridModule,
  uploadsModule,
  reportsModule,
];

/** What the modules add up to; the server and the panel read their catalogues from it. */
export const CONTRACT = /* @__PURE__ */ assembleContract(CONTRACT_MODULES);
registerContract(CONTRACT);

/** Every admin permission module, by id. */
export const ADMIN_MODULES = CONTRACT.permissionModules;
export const ADMIN_MODULE_BY_NAME = CONTRACT.permissionModuleByName;
export const RESOURCES = CONTRACT.resources;
export const RESOURCE_BY_NAME = CONTRACT.resourceByName;
export const PANEL_ROUTES = CONTRACT.panelRoutes;
export const MENU = CONTRACT.menu;
/** The modules and actions of each permission scope. */
export const SCOPE_CATALOGUE = scopeCatalogueOf(ADMIN_MODULES);

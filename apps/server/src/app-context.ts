import type { Contract, DashboardTileKey, ScopeCatalogue } from '@facet/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { PermissionResolver } from './access/resolver.ts';
import type { TokenSigner } from './access/tokens.ts';
import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import type { ExportSlots } from './http/export-slots.ts';
import type { LiveBus } from './live/live-bus.ts';
import type { Mailer } from './mail/mailer.ts';
import type { DashboardTileReader } from './modules/server-module.ts';
import type { ResourceHooksByName } from './resources/domain-hooks.ts';
import type { RowNames } from './resources/record-usage.ts';
import type { StoneSearchRecorder } from './search-history/search-history.ts';

/** What route factories need; built once in buildApp. */
export interface AppContext {
  db: Db;
  /** The database itself, for what asks after it rather than through it (the health check). */
  database: Pick<Database, 'ping'>;
  config: Config;
  /** What the modules the server was built with add up to: its resources, endpoints and catalogues. */
  contract: Contract;
  /** The permission modules and actions of each scope, of those modules. */
  scopes: ScopeCatalogue;
  /** The resources' domain hooks, from the server modules. */
  resourceHooks: ResourceHooksByName;
  /** How the rows of tables that are not resources are named when they keep a record in use. */
  tableRows: ReadonlyMap<string, RowNames>;
  mailer: Mailer;
  tokens: TokenSigner;
  log: FastifyBaseLogger;
  permissions: PermissionResolver;
  /** Stone searches waiting to be written to the search history (flushed on close). */
  searchRecorder: StoneSearchRecorder;
  /** The turns of the exports: how many run at once, per instance and per user. */
  exportSlots: ExportSlots;
  /** Live screens: `publish` reaches the open panels of every instance (LISTEN/NOTIFY). */
  live: LiveBus;
  /** The dashboard's tile readers, from the server modules (ServerModule `dashboardTiles`). */
  dashboardTiles: ReadonlyMap<DashboardTileKey, DashboardTileReader>;
}

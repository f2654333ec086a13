import type { AdminModuleName, DashboardTile, DashboardTileKey, PermissionHolder } from '@facet/contract';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { AppRoute } from '../http/route.ts';
import type { ResourceHooks, ResourceHooksByName } from '../resources/domain-hooks.ts';
import type { RowNames } from '../resources/record-usage.ts';

/** What start-up work may use: the app's context is not built yet when it runs. */
export interface StartContext {
  db: Db;
  config: Config;
  log: FastifyBaseLogger;
}

/**
 * Everything a feature brings to the server, exported once from its folder as
 * `<feature>/<feature>-server-module.ts`. The list of them (server-modules.ts) is the only place that
 * names them all; app.ts builds the server by going through it.
 */
export interface ServerModule {
  /** The name of the contract module of the same folder. */
  name: string;
  /** The feature's endpoints, implemented from the contract's declarations. */
  routes?(ctx: AppContext): readonly AppRoute[];
  /** Routes Fastify must be given by hand (multipart uploads), and their plugins. */
  register?(app: FastifyInstance, ctx: AppContext): void | Promise<void>;
  /** What the feature adds to the generic endpoints of its resources, by resource name. */
  resourceHooks?: Readonly<Record<string, ResourceHooks>>;
  /**
   * How a row of each of the feature's tables that is not a resource is named when it keeps a record
   * in use, by table name: `{ account_documents: { one: 'KYC document', many: 'KYC documents' } }` makes
   * a company's refused delete say "Company 'Acme' is used by 2 KYC documents." (resources/record-usage.ts).
   */
  tableRows?: Readonly<Record<string, RowNames>>;
  /** Work done once the database is migrated, before the server answers (rows it needs, warnings). */
  onStart?(start: StartContext): Promise<void>;
  /** Housekeeping run now and then while the server lives: the feature's retention prunes. */
  maintenance?(ctx: AppContext): Promise<unknown>;
  /**
   * Background jobs, run every JOBS_INTERVAL_SECONDS on every instance (a run is skipped while the last
   * one still works): each must be safe to run side by side on several instances.
   */
  jobs?: readonly BackgroundJob[];
  /** Work to finish before the database closes (writes still buffered). */
  onClose?(ctx: AppContext): Promise<void>;
  /**
   * The dashboard tiles the feature fills (DASHBOARD_TILES), each read on every dashboard request for
   * a viewer who may see one of the tile's modules.
   */
  dashboardTiles?: Readonly<Partial<Record<DashboardTileKey, DashboardTileReader>>>;
}

/** One of the reader's days: its date and the instants it starts and ends on (the end excluded). */
export interface ReaderDay {
  date: string;
  from: Date;
  to: Date;
}

/** Who reads the dashboard, and when: a tile shows only the figures of the modules they may view. */
export interface DashboardViewer {
  holder: PermissionHolder;
  /** Whether the viewer may view the module's lists. */
  can(module: AdminModuleName): boolean;
  now: Date;
  /** The reader's time zone (UTC when the request names none). */
  timeZone: string;
  /** The reader's day `offset` days from today (0 today, 1 tomorrow, -7 the same day last week). */
  day(offset: number): ReaderDay;
}

/** What a reader fills of its tile; the dashboard adds the tile's key and title. */
export type DashboardTileBody = Pick<DashboardTile, 'figures' | 'breakdowns' | 'items'>;

/** Fills one tile for one viewer: cheap reads (counts on indexed columns, a few rows). */
export type DashboardTileReader = (ctx: AppContext, viewer: DashboardViewer) => Promise<DashboardTileBody>;

/** The modules' dashboard tile readers by tile; two modules filling one tile is a mistake. */
export function dashboardTilesOf(
  modules: readonly ServerModule[],
): ReadonlyMap<DashboardTileKey, DashboardTileReader> {
  const readers = new Map<DashboardTileKey, DashboardTileReader>();
  for (const module of modules) {
    for (const [tile, reader] of Object.entries(module.dashboardTiles ?? {}) as [
      DashboardTileKey,
      DashboardTileReader,
    ][]) {
      if (readers.has(tile)) throw new Error(`Two server modules fill the dashboard tile ${tile}`);
      readers.set(tile, reader);
    }
  }
  return readers;
}

export interface BackgroundJob {
  name: string;
  run(ctx: AppContext): Promise<unknown>;
}

export function defineServerModule<const M extends ServerModule>(module: M): M {
  return module;
}

/** The modules' resource hooks by resource name; two modules hooking one resource is a mistake. */
export function resourceHooksOf(modules: readonly ServerModule[]): ResourceHooksByName {
  const hooks = new Map<string, ResourceHooks>();
  for (const module of modules) {
    for (const [resource, hook] of Object.entries(module.resourceHooks ?? {})) {
      if (hooks.has(resource)) throw new Error(`Two server modules hook the resource ${resource}`);
      hooks.set(resource, hook);
    }
  }
  return hooks;
}

/** The modules' names of their tables' rows (ServerModule `tableRows`) by table name. */
export function tableRowsOf(modules: readonly ServerModule[]): ReadonlyMap<string, RowNames> {
  const names = new Map<string, RowNames>();
  for (const module of modules) {
    for (const [table, rows] of Object.entries(module.tableRows ?? {})) {
      if (names.has(table)) throw new Error(`Two server modules name the rows of ${table}`);
      names.set(table, rows);
    }
  }
  return names;
}

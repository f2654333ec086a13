import {
  assembleContract,
  CONTRACT,
  type ContractModule,
  modulesOf,
  scopeCatalogueOf,
} from '@facet/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { createAuthenticator } from './access/authenticate.ts';
import { customerGateOf } from './access/customer-gate.ts';
import { PermissionResolver } from './access/resolver.ts';
import { TokenSigner } from './access/tokens.ts';
import type { AppContext } from './app-context.ts';
import { type Config, resolveJwtSecret } from './config.ts';
import { type Database, openDatabase } from './db/client.ts';
import { tableFor } from './db/tables.ts';
import { installAccessControl, mountRoutes } from './http/access-plugin.ts';
import { answerSerializer } from './http/answer-check.ts';
import { registerApiDocs } from './http/api-docs/api-docs.ts';
import { installErrorHandlers } from './http/error-handler.ts';
import { ExportSlots } from './http/export-slots.ts';
import { clientErrorHandler, frameworkErrorHandler } from './http/framework-errors.ts';
import { loggerOptions, OneLinePerRequest } from './http/logger.ts';
import { apiRootsOf } from './http/not-found-page.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { type LiveBus, openLiveBus } from './live/live-bus.ts';
import { createMailer } from './mail/mailer.ts';
import { startJobs } from './modules/background-jobs.ts';
import {
  dashboardTilesOf,
  resourceHooksOf,
  type ServerModule,
  tableRowsOf,
} from './modules/server-module.ts';
import { registerPanel } from './panel/panel.ts';
import { StoneSearchRecorder } from './search-history/search-history.ts';
import { seedCities } from './seeds/cities.ts';
import { seedReferenceData } from './seeds/reference-data.ts';
import { SERVER_MODULES } from './server-modules.ts';

const MAINTENANCE_INTERVAL_MS = 6 * 60 * 60 * 1000;
/** `true` believes the first X-Forwarded-For address, which any client may write itself. */
const TRUST_ANY_PROXY_WARNING =
  'TRUST_PROXY=true takes the client address from X-Forwarded-For as the client sends it, so per-address ' +
  'sign-in and sign-up limits can be dodged: set TRUST_PROXY to the number of proxies in front (1 behind ' +
  'one load balancer) or to their addresses.';

export interface BuildOptions {
  /** Extra routes, registered after the application's own (tests use it). */
  register?: (app: FastifyInstance) => void;
  /** An already open database, owned (and closed) by the caller; tests use it to reach the rows. */
  database?: Database;
  /**
   * First-start data: masters, sizes, day terms, countries and states (`referenceData`), and the
   * ~150k cities, inline or in the background once listening. `npm start` seeds all; tests opt in.
   */
  seed?: { referenceData?: boolean; cities?: 'inline' | 'background' };
  /** The contract's modules the server serves; CONTRACT_MODULES by default (a test adds a fixture module). */
  modules?: readonly ContractModule[];
  /** The server side of those modules; SERVER_MODULES by default. */
  serverModules?: readonly ServerModule[];
}

/** A server module without its contract module would serve routes nobody declared; refused at build. */
function assertDeclared(serverModules: readonly ServerModule[], modules: readonly ContractModule[]): void {
  const declared = new Set(modules.map((module) => module.name));
  for (const module of serverModules) {
    if (!declared.has(module.name)) throw new Error(`Server module ${module.name} has no contract module`);
  }
}

/** The whole server, ready but not listening: the database is migrated and seeded. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions({ level: config.logLevel, pretty: config.prettyLogs }),
    logController: new OneLinePerRequest(),
    // A number of proxies: the hops nearest to the server are trusted (proxy-addr's rule, as Express has it).
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    // Answers given before any route runs leave in the error envelope too (see framework-errors.ts).
    frameworkErrors: frameworkErrorHandler,
    clientErrorHandler,
    return503OnClosing: false,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(answerSerializer(config.checkAnswers));
  const contract = options.modules ? assembleContract(options.modules) : CONTRACT;
  installErrorHandlers(app, apiRootsOf(contract.endpoints));
  await registerSecurityHeaders(app, config.publicUrl);

  const serverModules = options.serverModules ?? SERVER_MODULES;
  assertDeclared(serverModules, contract.modules);
  // A resource of a module added at build time gets its table object (its migration is the module's).
  for (const resource of contract.resources) tableFor(resource);
  const scopes = scopeCatalogueOf(contract.permissionModules);

  const database =
    options.database ??
    (await openDatabase({
      ...config,
      onConnectionLost: (error) => app.log.warn({ err: error }, 'a pooled database connection was lost'),
    }));
  const closeDatabase = options.database ? async () => undefined : () => database.close();
  let live: LiveBus | undefined;
  try {
    await database.migrate();
    for (const module of serverModules) await module.onStart?.({ db: database.db, config, log: app.log });
    if (options.seed?.referenceData) await seedReferenceData(database.db, app.log);
    if (options.seed?.cities === 'inline') await seedCities(database.db, app.log);

    if (config.trustProxy === true) app.log.warn(TRUST_ANY_PROXY_WARNING);
    const tokens = new TokenSigner(resolveJwtSecret(config, (message) => app.log.warn(message)));
    const mailer = createMailer(
      { smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir },
      app.log,
    );
    const permissions = new PermissionResolver(database.db, scopes);
    const searchRecorder = new StoneSearchRecorder(database.db, app.log);
    const exportSlots = new ExportSlots(database.db, {
      perInstance: config.exportConcurrency,
      perUser: config.exportConcurrencyPerUser,
      waitMs: config.exportQueueWaitMs,
    });
    live = await openLiveBus(database, { databaseUrl: config.databaseUrl, log: app.log });
    const ctx: AppContext = {
      db: database.db,
      database,
      config,
      contract,
      scopes,
      resourceHooks: resourceHooksOf(serverModules),
      tableRows: tableRowsOf(serverModules),
      mailer,
      tokens,
      log: app.log,
      permissions,
      searchRecorder,
      exportSlots,
      live,
      dashboardTiles: dashboardTilesOf(serverModules),
    };

    installAccessControl(
      app,
      createAuthenticator(database.db, tokens, permissions),
      (model) => {
        const resource = contract.resourceByName.get(model);
        return resource && modulesOf(resource);
      },
      customerGateOf(database.db),
    );
    if (config.apiDocs) await registerApiDocs(app);
    mountRoutes(
      app,
      serverModules.flatMap((module) => module.routes?.(ctx) ?? []),
    );
    for (const module of serverModules) await module.register?.(app, ctx);
    await registerPanel(app, config.webDistDir);
    options.register?.(app);

    const maintain = () =>
      Promise.all(serverModules.map((module) => module.maintenance?.(ctx))).catch((error: unknown) =>
        app.log.error({ err: error }, 'maintenance failed'),
      );
    const timer = setInterval(maintain, MAINTENANCE_INTERVAL_MS).unref();
    const jobs = startJobs(
      serverModules.flatMap((module) => module.jobs ?? []),
      ctx,
    );
    app.addHook('onReady', async () => {
      void maintain();
    });
    // Cities take seconds to insert: the server answers meanwhile, and stops them before closing.
    const stopSeeding = new AbortController();
    let seeding: Promise<void> = Promise.resolve();
    if (options.seed?.cities === 'background') {
      app.addHook('onListen', async () => {
        seeding = seedCities(database.db, app.log, { signal: stopSeeding.signal, serving: true }).catch(
          (error: unknown) => app.log.error({ err: error }, 'seeding cities failed; the next start resumes'),
        );
      });
    }
    app.addHook('onClose', async () => {
      stopSeeding.abort();
      await seeding;
      clearInterval(timer);
      await jobs.stop();
      mailer.close();
      for (const module of serverModules) await module.onClose?.(ctx);
      await ctx.live.close();
      await closeDatabase();
    });

    await app.ready();
    return app;
  } catch (error) {
    await live?.close().catch(() => undefined);
    await closeDatabase().catch(() => undefined);
    throw error;
  }
}

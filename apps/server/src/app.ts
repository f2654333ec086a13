import { modulesOf, RESOURCE_BY_NAME } from '@facet/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { accountRoutes } from './accounts/account-routes.ts';
import type { AppContext } from './app-context.ts';
import { pruneAuditLogs } from './audit/audit-log.ts';
import { auditRoutes } from './audit/paginate-route.ts';
import { createAuthenticator } from './auth/authenticate.ts';
import { passwordRoutes } from './auth/password-routes.ts';
import { registerRoutes } from './auth/register.ts';
import { signInRoutes } from './auth/sign-in-routes.ts';
import { pruneThrottleEvents } from './auth/throttle.ts';
import { TokenSigner } from './auth/tokens.ts';
import { type Config, resolveJwtSecret } from './config.ts';
import { type Database, openDatabase } from './db/client.ts';
import { gridRoutes } from './grid/grid-routes.ts';
import { installAccessControl, mountRoutes } from './http/access-plugin.ts';
import { answerSerializer } from './http/answer-check.ts';
import { registerApiDocs } from './http/api-docs/api-docs.ts';
import { installErrorHandlers } from './http/error-handler.ts';
import { ExportSlots } from './http/export-slots.ts';
import { clientErrorHandler, frameworkErrorHandler } from './http/framework-errors.ts';
import { healthRoutes } from './http/health-route.ts';
import { loggerOptions } from './http/logger.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { layoutMasterRoutes } from './layouts/layout-master-routes.ts';
import { layoutRoutes } from './layouts/layout-routes.ts';
import { pruneLoginLogs } from './logs/login-log.ts';
import { loginLogRoutes } from './logs/paginate-route.ts';
import { createMailer } from './mail/mailer.ts';
import { listByCodeRoutes } from './masters/list-by-code-route.ts';
import { nonCertRoutes } from './noncert/noncert-routes.ts';
import { pruneNotifications, registerNotifications } from './notifications/notification-routes.ts';
import { permissionRoutes } from './permissions/permission-routes.ts';
import { PermissionResolver } from './permissions/resolver.ts';
import { booleanStatusRoutes } from './resources/boolean-status-route.ts';
import { resourceRoutes } from './resources/resource-routes.ts';
import { roleRoutes } from './roles/role-routes.ts';
import { seedCities } from './seeds/cities.ts';
import { seedReferenceData } from './seeds/reference-data.ts';
import { settingRoutes } from './settings/setting-routes.ts';
import { pruneStoneSearches, StoneSearchRecorder } from './stock/search-history.ts';
import { stockActivityRoutes } from './stock/stock-activity-routes.ts';
import { warnOfUnmatchedFeaturedStones } from './stock/unmatched-featured-stones.ts';
import { registerStockUploads } from './stock/upload-routes.ts';
import { ensureLastSyncRows } from './sync/last-sync-rows.ts';
import { syncRoutes } from './sync/sync-routes.ts';
import { registerUploads } from './uploads/upload-routes.ts';
import { guestRoutes } from './users/guest-routes.ts';
import { seedSuperAdmin } from './users/seed.ts';
import { userRoutes } from './users/user-routes.ts';
import { registerPanel } from './web/panel.ts';

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
}

/** The whole server, ready but not listening: the database is migrated and seeded. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions({ level: config.logLevel, pretty: config.prettyLogs }),
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
  installErrorHandlers(app);
  await registerSecurityHeaders(app, config.publicUrl);

  const database =
    options.database ??
    (await openDatabase({
      ...config,
      onConnectionLost: (error) => app.log.warn({ err: error }, 'a pooled database connection was lost'),
    }));
  const closeDatabase = options.database ? async () => undefined : () => database.close();
  try {
    await database.migrate();
    await seedSuperAdmin(database.db, config, app.log);
    if (options.seed?.referenceData) await seedReferenceData(database.db, app.log);
    if (options.seed?.cities === 'inline') await seedCities(database.db, app.log);
    await ensureLastSyncRows(database.db);
    await warnOfUnmatchedFeaturedStones(database.db, app.log);

    if (config.trustProxy === true) app.log.warn(TRUST_ANY_PROXY_WARNING);
    const tokens = new TokenSigner(resolveJwtSecret(config, (message) => app.log.warn(message)));
    const mailer = createMailer(
      { smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir },
      app.log,
    );
    const permissions = new PermissionResolver(database.db);
    const searchRecorder = new StoneSearchRecorder(database.db, app.log);
    const exportSlots = new ExportSlots(database.db, {
      perInstance: config.exportConcurrency,
      perUser: config.exportConcurrencyPerUser,
      waitMs: config.exportQueueWaitMs,
    });
    const ctx: AppContext = {
      db: database.db,
      config,
      mailer,
      tokens,
      log: app.log,
      permissions,
      searchRecorder,
      exportSlots,
    };

    installAccessControl(app, createAuthenticator(database.db, tokens, permissions), (model) => {
      const resource = RESOURCE_BY_NAME.get(model);
      return resource && modulesOf(resource);
    });
    if (config.apiDocs) await registerApiDocs(app);
    mountRoutes(app, [
      ...healthRoutes(database),
      ...signInRoutes(ctx),
      ...registerRoutes(ctx),
      ...passwordRoutes(ctx),
      ...loginLogRoutes(ctx),
      ...userRoutes(ctx),
      ...guestRoutes(ctx),
      ...roleRoutes(ctx),
      ...permissionRoutes(ctx),
      ...auditRoutes(ctx),
      ...resourceRoutes(ctx),
      ...accountRoutes(ctx),
      ...booleanStatusRoutes(ctx),
      ...listByCodeRoutes(ctx),
      ...nonCertRoutes(ctx),
      ...gridRoutes(ctx),
      ...settingRoutes(ctx),
      ...syncRoutes(ctx),
      ...stockActivityRoutes(ctx),
      ...layoutRoutes(ctx),
      ...layoutMasterRoutes(ctx),
    ]);
    registerUploads(app, ctx);
    registerStockUploads(app, ctx);
    registerNotifications(app, ctx);
    await registerPanel(app, config.webDistDir);
    options.register?.(app);

    const maintain = () =>
      Promise.all([
        pruneLoginLogs(database.db, config.loginLogRetentionDays),
        pruneThrottleEvents(database.db),
        pruneAuditLogs(database.db, config.auditRetentionDays),
        pruneNotifications(database.db),
        pruneStoneSearches(database.db, config.searchHistoryRetentionDays),
      ]).catch((error: unknown) => app.log.error({ err: error }, 'maintenance failed'));
    const timer = setInterval(maintain, MAINTENANCE_INTERVAL_MS).unref();
    app.addHook('onReady', async () => {
      void maintain();
    });
    // Cities take seconds to insert: the server answers meanwhile, and stops them before closing.
    const stopSeeding = new AbortController();
    let seeding: Promise<void> = Promise.resolve();
    if (options.seed?.cities === 'background') {
      app.addHook('onListen', async () => {
        seeding = seedCities(database.db, app.log, { signal: stopSeeding.signal }).catch((error: unknown) =>
          app.log.error({ err: error }, 'seeding cities failed; the next start resumes'),
        );
      });
    }
    app.addHook('onClose', async () => {
      stopSeeding.abort();
      await seeding;
      clearInterval(timer);
      mailer.close();
      await searchRecorder.flush();
      await closeDatabase();
    });

    await app.ready();
    return app;
  } catch (error) {
    await closeDatabase().catch(() => undefined);
    throw error;
  }
}

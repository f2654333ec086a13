import {
  AUTH_ENDPOINTS,
  FOUR_C_ENDPOINTS,
  GRID_ENDPOINTS,
  HEALTH_ENDPOINTS,
  HIT_COUNTER_ENDPOINTS,
  LOGIN_LOG_ENDPOINTS,
  legacyPathsOf,
  MASTER_ENDPOINTS,
  PAGE_VISIT_ENDPOINT,
  REPORT_USE_ENDPOINT,
  RESOURCE_ENDPOINTS,
  RESOURCES,
  resourcePaths,
  SEARCH_DAY_ENDPOINTS,
  SEARCH_HISTORY_ENDPOINTS,
  SEARCH_SOLD_ENDPOINTS,
} from '@facet/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listRoutes } from '../src/http/access-plugin.ts';
import { databaseAvailable, startServer, type TestServer } from './harness.ts';

/**
 * The reports under a resource's base, each with its own module: the search reports the spec puts under
 * the stones' (`apis/diamond/...`), and the hit counter, its report use and visit recording under page
 * tracking's (`apis/analytics/...`).
 */
const SEARCH_REPORT_PATHS = new Set(
  [
    SEARCH_DAY_ENDPOINTS,
    FOUR_C_ENDPOINTS,
    SEARCH_SOLD_ENDPOINTS,
    HIT_COUNTER_ENDPOINTS,
    { PAGE_VISIT_ENDPOINT, REPORT_USE_ENDPOINT },
  ].flatMap((endpoints) => Object.values(endpoints).map((endpoint) => `/${endpoint.path}`)),
);

/** Every route declares who may call it, and no protected route answers without a token. */
describe.skipIf(!(await databaseAvailable()))('route declarations', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('gives every registered route an access declaration', () => {
    const routes = listRoutes(server.app);
    expect(routes.length).toBeGreaterThan(20);
    for (const route of routes) {
      const kinds = [
        'public',
        'authenticated',
        'module',
        'modules',
        'moduleFromBody',
        'superAdmin',
        'customerModules',
      ].filter((key) => key in route.access);
      expect(kinds, `${route.method} ${route.url}`).toHaveLength(1);
    }
  });

  it('lists every contract API path with its access', () => {
    const urls = new Set(listRoutes(server.app).map((route) => route.url));
    const declared = [AUTH_ENDPOINTS, HEALTH_ENDPOINTS, LOGIN_LOG_ENDPOINTS].flatMap((table) =>
      Object.values(table),
    );
    for (const endpoint of declared) expect(urls, endpoint.path).toContain(`/${endpoint.path}`);
    const resourcePathsOf = (resource: (typeof RESOURCES)[number]) => {
      const paths = resourcePaths(resource);
      return [
        paths.paginate,
        ...(resource.operations.create ? [paths.create] : []),
        paths.byId(':id'),
        paths.history(':id'),
        ...(resource.operations.export ? [paths.export] : []),
        ...(resource.sequenceField ? [paths.bulkSequence] : []),
        ...legacyPathsOf(resource),
      ];
    };
    const engine = [
      ...RESOURCES.flatMap(resourcePathsOf),
      RESOURCE_ENDPOINTS.booleanStatusUpdate.path,
      MASTER_ENDPOINTS.listByCode.path,
      ...Object.values(GRID_ENDPOINTS).map((endpoint) => endpoint.path),
    ];
    for (const url of engine) expect(urls, url).toContain(`/${url}`);
  });

  it('gates every resource route by its module, and the generic toggle by the named model', () => {
    const routes = listRoutes(server.app);
    for (const resource of RESOURCES) {
      // The spec puts the search history and search reports under the stones' base; they are the reports'.
      const own = routes.filter(
        (route) =>
          route.url.startsWith(`/${resource.api}/`) &&
          route.url !== `/${MASTER_ENDPOINTS.listByCode.path}` &&
          route.url !== `/${SEARCH_HISTORY_ENDPOINTS.paginate.path}` &&
          !SEARCH_REPORT_PATHS.has(route.url),
      );
      for (const route of own) {
        // A resource scoped by view lets in any of its views' modules, its own first.
        const modules = 'modules' in route.access ? route.access.modules[0] : undefined;
        const module = 'module' in route.access ? route.access.module : modules;
        expect(module, `${route.method} ${route.url}`).toBe(resource.module);
      }
    }
    // Master values feed forms of every module: any signed-in staff user reads them (the handler refuses customers).
    const byCode = routes.find((route) => route.url === `/${MASTER_ENDPOINTS.listByCode.path}`);
    expect(byCode?.access).toEqual({ authenticated: true });
    const history = routes.find((route) => route.url === `/${SEARCH_HISTORY_ENDPOINTS.paginate.path}`);
    expect(history?.access).toEqual({ module: 'Search History', action: 'view' });
    const toggle = routes.find((route) => route.url === `/${RESOURCE_ENDPOINTS.booleanStatusUpdate.path}`);
    expect(toggle?.access).toEqual({ moduleFromBody: 'model', action: 'update' });
  });

  it('refuses every protected route without a token', async () => {
    const routes = listRoutes(server.app).filter((route) => !('public' in route.access));
    const sample = '00000000-0000-4000-8000-000000000000';
    for (const route of routes) {
      const url = route.url.replace(':id', sample);
      const response = await server.client().request(route.method, url, {
        ...(route.method === 'GET' || route.method === 'HEAD' || route.method === 'DELETE'
          ? {}
          : { body: {} }),
      });
      expect(response.status, `${route.method} ${route.url}`).toBe(401);
      if (route.method !== 'HEAD')
        expect(response.body.code, `${route.method} ${route.url}`).toBe('E_UNAUTHORIZED');
    }
    const invalid = await server
      .client()
      .call(AUTH_ENDPOINTS.getLoginUser, undefined, { token: 'not.a.token' });
    expect(invalid.body.code).toBe('E_UNAUTHORIZED');
  });
});

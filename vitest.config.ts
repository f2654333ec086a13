import { defineConfig } from 'vitest/config';
import { panelManifest } from './apps/web/build/panel-manifest-plugin.ts';

/**
 * One runner for every suite. The API suite runs twice, once per database: embedded PGlite, and the
 * PostgreSQL server named by TEST_DATABASE_URL (see apps/server/test/harness.ts). Projects that start
 * servers migrate once per run (apps/server/test/migrate-once.ts). `npm test` runs them in tiers
 * (docs/testing.md).
 */
const API_TESTS = 'apps/server/test/**/*.api.test.ts';
/**
 * Files that do not share a worker: drizzle-kit, which fixture-module loads, changes `Array.prototype` for
 * every file after it; stone-count-bound's control (a stale planner view of a rewritten table) held in
 * every run alone or beside a few files, and failed on PostgreSQL in three runs of the whole shared tier,
 * for a cause not found yet.
 */
const OWN_WORKER = [
  'apps/server/test/fixture-module.api.test.ts',
  'apps/server/test/stone-count-bound.api.test.ts',
];

/**
 * The API suite on one database. Its files share their worker's loaded modules (`isolate: false`): each
 * file starts its own servers on their own databases, and loading the server and compiling PGlite once
 * a worker, not once a file, is most of what the suite saves. Two files run at once, one a core. The
 * files that must not share a worker run in a project of their own (`<name>-own-worker`).
 */
function apiProjects(database: 'pglite' | 'postgres') {
  const common = {
    globalSetup: ['apps/server/test/migrate-once.ts'],
    env: { FACET_TEST_DB: database },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    maxWorkers: 2,
  };
  return [
    {
      test: {
        ...common,
        name: `api-${database}`,
        include: [API_TESTS],
        exclude: OWN_WORKER,
        isolate: false,
      },
    },
    { test: { ...common, name: `api-${database}-own-worker`, include: OWN_WORKER } },
  ];
}

const UNIT_TESTS = [
  'packages/*/src/**/*.test.ts',
  'apps/server/src/**/*.test.ts',
  'apps/web/src/**/*.test.ts',
];
/**
 * Unit files that need modules of their own: zod-without-eval checks a setting made before zod first
 * loads, which a worker that loaded zod for an earlier file has long passed; login-user-prefetch replaces
 * modules (`vi.mock`) that the files beside it import for real.
 */
const UNIT_OWN_WORKER = [
  'apps/web/src/platform/app/zod-without-eval.test.ts',
  'apps/web/src/platform/api/login-user-prefetch.test.ts',
];

/**
 * Browser files run one at a time: each starts its own panel server and Chromium, and whether a second
 * file at once pays on two cores is still to be measured on a machine nothing else loads
 * (docs/testing.md). `BROWSER_WORKERS=2 npm run test:browser` runs two at once for that measurement.
 */
const BROWSER_WORKERS = Math.max(1, Number(process.env.BROWSER_WORKERS ?? 1) || 1);

export default defineConfig({
  test: {
    projects: [
      {
        // The panel's route table and sidebar read the contract's modules through a build-time module.
        plugins: [panelManifest()],
        test: {
          name: 'unit',
          include: UNIT_TESTS,
          exclude: UNIT_OWN_WORKER,
          isolate: false,
        },
      },
      { plugins: [panelManifest()], test: { name: 'unit-own-worker', include: UNIT_OWN_WORKER } },
      ...apiProjects('pglite'),
      ...apiProjects('postgres'),
      {
        test: {
          name: 'browser',
          include: ['e2e/**/*.e2e.test.ts'],
          globalSetup: ['apps/server/test/migrate-once.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: BROWSER_WORKERS > 1,
          maxWorkers: BROWSER_WORKERS,
        },
      },
    ],
  },
});

import { defineConfig } from 'vitest/config';
import { panelManifest } from './apps/web/build/panel-manifest-plugin.ts';

/**
 * One runner for every suite. The API suite runs twice, once per database: embedded PGlite, and the
 * PostgreSQL server named by TEST_DATABASE_URL (see apps/server/test/harness.ts). Projects that start
 * servers migrate once per run (apps/server/test/migrate-once.ts). `npm test` runs them in tiers
 * (docs/testing.md).
 */
export default defineConfig({
  test: {
    projects: [
      {
        // The panel's route table and sidebar read the contract's modules through a build-time module.
        plugins: [panelManifest()],
        test: {
          name: 'unit',
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/server/src/**/*.test.ts',
            'apps/web/src/**/*.test.ts',
          ],
        },
      },
      {
        test: {
          name: 'api-pglite',
          include: ['apps/server/test/**/*.api.test.ts'],
          globalSetup: ['apps/server/test/migrate-once.ts'],
          env: { FACET_TEST_DB: 'pglite' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'api-postgres',
          include: ['apps/server/test/**/*.api.test.ts'],
          globalSetup: ['apps/server/test/migrate-once.ts'],
          env: { FACET_TEST_DB: 'postgres' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'browser',
          include: ['e2e/**/*.e2e.test.ts'],
          globalSetup: ['apps/server/test/migrate-once.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});

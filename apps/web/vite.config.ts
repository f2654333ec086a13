import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import react from '@vitejs/plugin-react';
import { build, defineConfig, type PluginOption, type Rolldown } from 'vite';
import { compression } from 'vite-plugin-compression2';
// Relative, not '@facet/contract': the config loader runs under plain Node, which cannot import a .ts package.
import { DEFAULT_PORT } from '../../packages/contract/src/constants.ts';
import { planChunks, plannedGroups } from './build/chunk-tiers.ts';
import { lazyTableFilter } from './build/lazy-table-filter-plugin.ts';
import { panelManifest } from './build/panel-manifest-plugin.ts';

/** Path prefixes the API answers on; the dev server forwards them to a running Facet server. */
const API_PREFIXES = ['/admin', '/auth', '/user', '/apis', '/front', '/health'];
const apiTarget = `http://localhost:${DEFAULT_PORT}`;

/** What both builds share: the plugins that make modules, and what tree-shaking keeps. */
const modulePlugins = (): PluginOption[] => [react(), panelManifest(), lazyTableFilter()];
const treeshake = {
  // antd's rc-component packages declare no `sideEffects`, so one context import from
  // @rc-component/form would ship the whole form engine; they are plain ES modules without
  // import-time effects. Saves ~35 KB gzip on sign-in (docs/performance.md).
  moduleSideEffects: [{ test: /[\\/]node_modules[\\/]@rc-component[\\/]/, sideEffects: false }],
};

/**
 * react-router's package exports only its development build (dev warnings on); the production build beside
 * it differs by that flag alone, so the panel's build takes it (docs/performance.md).
 */
const reactRouterProduction = join(
  dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production/index.mjs',
);
const productionResolve = { alias: [{ find: /^react-router$/, replacement: reactRouterProduction }] };

/** rolldown's own chunks of the panel, unwritten: what build/chunk-tiers.ts plans the merged chunks from. */
async function firstPassChunks(): Promise<Rolldown.OutputChunk[]> {
  const output = (await build({
    configFile: false,
    root: import.meta.dirname,
    logLevel: 'warn',
    plugins: modulePlugins(),
    resolve: productionResolve,
    build: { write: false, rolldownOptions: { treeshake } },
  })) as Rolldown.RolldownOutput | Rolldown.RolldownOutput[];
  return (Array.isArray(output) ? output : [output])
    .flatMap((bundle) => bundle.output)
    .filter((item): item is Rolldown.OutputChunk => item.type === 'chunk');
}

export default defineConfig(async ({ command }) => ({
  base: '/',
  // Brotli and gzip copies of every text file, which the server sends as they are (panel/panel.ts).
  plugins: [...modulePlugins(), compression({ algorithms: ['gzip', 'brotliCompress'] })],
  ...(command === 'build' ? { resolve: productionResolve } : {}),
  build: {
    outDir: 'dist',
    // bench/bundle-size.ts reads the manifest to measure what each route loads.
    manifest: true,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      treeshake,
      // A screen's first load in at most 16 requests instead of up to 120, and no screen downloading more
      // bytes than before (build/chunk-tiers.ts).
      // The planned groups hold each module's dependencies already (a module is planned with every
      // chunk its screens need), so they are not to pull them in again.
      output:
        command === 'build'
          ? {
              codeSplitting: {
                includeDependenciesRecursively: false,
                groups: plannedGroups(planChunks(await firstPassChunks())),
              },
            }
          : {},
    },
  },
  server: {
    proxy: Object.fromEntries(
      API_PREFIXES.map((prefix) => [prefix, { target: apiTarget, changeOrigin: true }]),
    ),
  },
  preview: {
    proxy: Object.fromEntries(
      API_PREFIXES.map((prefix) => [prefix, { target: apiTarget, changeOrigin: true }]),
    ),
  },
}));

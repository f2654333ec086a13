import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';
// Relative, not '@facet/contract': the config loader runs under plain Node, which cannot import a .ts package.
import { DEFAULT_PORT } from '../../packages/contract/src/constants.ts';
import { panelManifest } from './build/panel-manifest-plugin.ts';

/** Path prefixes the API answers on; the dev server forwards them to a running Facet server. */
const API_PREFIXES = ['/admin', '/auth', '/user', '/apis', '/front', '/health'];
const apiTarget = `http://localhost:${DEFAULT_PORT}`;

export default defineConfig({
  base: '/',
  // Brotli and gzip copies of every text file, which the server sends as they are (panel/panel.ts).
  plugins: [react(), panelManifest(), compression({ algorithms: ['gzip', 'brotliCompress'] })],
  build: {
    outDir: 'dist',
    // bench/bundle-size.ts reads the manifest to measure what each route loads.
    manifest: true,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      treeshake: {
        // antd's rc-component packages declare no `sideEffects`, so one context import from
        // @rc-component/form would ship the whole form engine; they are plain ES modules without
        // import-time effects. Saves ~35 KB gzip on sign-in (docs/performance.md).
        moduleSideEffects: [{ test: /[\\/]node_modules[\\/]@rc-component[\\/]/, sideEffects: false }],
      },
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
});

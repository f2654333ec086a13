/**
 * What each panel route makes the browser download, gzipped, measured from the production build.
 *
 *   npm run build -w @facet/web && npx tsx bench/bundle-size.ts     (or: npm run bundle -w @facet/bench)
 *
 * A route loads the index.html entry plus its route modules (the screen loaders of the web modules listed
 * in apps/web/src/web-modules.ts, and the platform's own in apps/web/src/platform/routes), each with its
 * static imports, transitively. Chunks shared between them are counted once. Dynamic imports (other routes, the error
 * pages) are not counted: they load only when used.
 *
 * Exits non-zero when the sign-in route's JavaScript exceeds the budget.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const SIGN_IN_JS_BUDGET_KB = 180;

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** Route → the manifest keys (source paths under apps/web) of the modules its screen needs. */
const ROUTES: Record<string, string[]> = {
  signin: ['src/auth/sign-in-page.tsx'],
  'otp-verification': ['src/auth/otp-verification-page.tsx'],
  'forgot-password': ['src/auth/forgot-password-page.tsx'],
  'update-default-password': ['src/auth/update-default-password-page.tsx'],
  'reset-password': ['src/auth/reset-password-page.tsx'],
  signup: ['src/auth/sign-up-page.tsx'],
  'dashboard (shell)': ['src/platform/shell/panel-layout.tsx', 'src/platform/pages/dashboard-page.tsx'],
  'profile (shell)': ['src/platform/shell/panel-layout.tsx', 'src/auth/profile-page.tsx'],
  'placeholder screen (shell)': [
    'src/platform/shell/panel-layout.tsx',
    'src/platform/pages/placeholder-page.tsx',
  ],
  'user (shell)': ['src/platform/shell/panel-layout.tsx', 'src/users/user-page.tsx'],
  'guest (shell)': ['src/platform/shell/panel-layout.tsx', 'src/users/guest-page.tsx'],
  'rolemaster (shell)': ['src/platform/shell/panel-layout.tsx', 'src/roles/role-page.tsx'],
  'permission (shell)': ['src/platform/shell/panel-layout.tsx', 'src/permissions/permission-page.tsx'],
  // Every resource view (country, state, city, master, size-master, terms) is this one screen.
  'resource screens (shell)': [
    'src/platform/shell/panel-layout.tsx',
    'src/platform/resources/resource-route.tsx',
  ],
  'stock (shell)': ['src/platform/shell/panel-layout.tsx', 'src/stock/stock-page.tsx'],
  'not found': ['src/platform/pages/not-found-page.tsx'],
};
const ENTRY = 'index.html';

const here = dirname(fileURLToPath(import.meta.url));
const dist = resolve(here, '../apps/web/dist');
const manifestPath = join(dist, '.vite/manifest.json');
if (!existsSync(manifestPath)) {
  console.error(`No ${manifestPath}: run \`npm run build -w @facet/web\` first.`);
  process.exit(2);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;

const gzipCache = new Map<string, number>();
function gzipSize(file: string): number {
  let size = gzipCache.get(file);
  if (size === undefined) {
    size = gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
    gzipCache.set(file, size);
  }
  return size;
}

/**
 * What the server sends a browser accepting brotli: the `.br` copy the build wrote (panel/panel.ts serves
 * it), else the file as it is (the build leaves tiny files uncompressed).
 */
function sentSize(file: string): number {
  const brotli = join(dist, `${file}.br`);
  return statSync(existsSync(brotli) ? brotli : join(dist, file)).size;
}

/** The chunk keys a module pulls in before it can run: itself and its static imports, transitively. */
function staticClosure(keys: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the manifest: update ROUTES in bench/bundle-size.ts`);
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return seen;
}

interface RouteSize {
  route: string;
  chunks: number;
  js: number;
  css: number;
  /** JS and CSS as sent, brotli. */
  sent: number;
}

function measure(route: string, modules: readonly string[]): RouteSize {
  const closure = staticClosure([ENTRY, ...modules]);
  const jsFiles = new Set<string>();
  const cssFiles = new Set<string>();
  for (const key of closure) {
    const chunk = manifest[key] as ManifestChunk;
    if (chunk.file.endsWith('.js')) jsFiles.add(chunk.file);
    for (const css of chunk.css ?? []) cssFiles.add(css);
  }
  const sum = (files: Set<string>, size: (file: string) => number) =>
    [...files].reduce((total, file) => total + size(file), 0);
  return {
    route,
    chunks: jsFiles.size,
    js: sum(jsFiles, gzipSize),
    css: sum(cssFiles, gzipSize),
    sent: sum(jsFiles, sentSize) + sum(cssFiles, sentSize),
  };
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const rows = Object.entries(ROUTES).map(([route, modules]) => measure(route, modules));

console.log('| Route | JS chunks | JS gzip (KB) | CSS gzip (KB) | Total gzip (KB) | Sent, brotli (KB) |');
console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
for (const row of rows) {
  console.log(
    `| ${row.route} | ${row.chunks} | ${kb(row.js)} | ${kb(row.css)} | ${kb(row.js + row.css)} | ${kb(row.sent)} |`,
  );
}

const signIn = rows.find((row) => row.route === 'signin');
if (!signIn) throw new Error('signin row missing');
if (signIn.js > SIGN_IN_JS_BUDGET_KB * 1024) {
  console.error(`\nsignin JS is ${kb(signIn.js)} KB gzip, over the ${SIGN_IN_JS_BUDGET_KB} KB budget.`);
  process.exit(1);
}
console.log(`\nsignin JS ${kb(signIn.js)} KB gzip, within the ${SIGN_IN_JS_BUDGET_KB} KB budget.`);

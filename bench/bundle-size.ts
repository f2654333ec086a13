/**
 * What each panel route makes the browser download, gzipped, measured from the production build.
 *
 *   npm run build -w @facet/web && npx tsx bench/bundle-size.ts     (or: npm run bundle -w @facet/bench)
 *   npx tsx bench/bundle-size.ts --dist /work/before-dist             (another build, e.g. one saved before a change)
 *
 * A route loads what index.html loads (its module scripts and modulepreload links) plus its route modules
 * (the screen loaders of the web modules listed in apps/web/src/web-modules.ts, and the platform's own in
 * apps/web/src/platform/routes), each with its static imports, transitively. Chunks shared between them are
 * counted once. Dynamic imports (other routes, the error pages) are not counted: they load only when used.
 *
 * Exits non-zero when the sign-in route's JavaScript exceeds its budget, or any route exceeds issue 12's
 * budget for every route (20 JavaScript chunks, 350 KB gzip; ENFORCE_ROUTE_BUDGET).
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { SCREENS, SHELL } from '../apps/web/build/chunk-tiers.ts';

const SIGN_IN_JS_BUDGET_KB = 180;

interface ManifestChunk {
  file: string;
  /** The chunk's name: its module's, or the group's it was merged into (apps/web/build/chunk-tiers.ts). */
  name?: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/**
 * Route → the manifest keys (source paths under apps/web) of the modules its screen needs: the screens
 * the build plans its chunks for, those behind the panel's shell marked so.
 */
const ROUTES: Record<string, readonly string[]> = Object.fromEntries(
  Object.entries(SCREENS).map(([screen, modules]) => [
    modules.includes(SHELL[0] as string) ? `${screen} (shell)` : screen,
    modules,
  ]),
);

/** Issue 12: any screen's first load in at most 20 JavaScript requests and 350 KB of gzipped JavaScript. */
const ROUTE_JS_CHUNKS_BUDGET = 20;
const ROUTE_JS_BUDGET_KB = 350;
/**
 * Every screen meets the route budget, so a route over it fails the check. False would only name the
 * routes over it, for a budget that is being tightened.
 */
const ENFORCE_ROUTE_BUDGET: boolean = true;

const here = dirname(fileURLToPath(import.meta.url));
/** `--dist <folder>` measures another build (e.g. one saved before a change); the panel's own by default. */
const distArgument = process.argv.indexOf('--dist');
const dist =
  distArgument >= 0 && process.argv[distArgument + 1]
    ? resolve(process.argv[distArgument + 1] as string)
    : resolve(here, '../apps/web/dist');
const manifestPath = join(dist, '.vite/manifest.json');
if (!existsSync(manifestPath)) {
  console.error(`No ${manifestPath}: run \`npm run build -w @facet/web\` first.`);
  process.exit(2);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
const keyOfFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));

/**
 * The chunks index.html loads itself: its module scripts and modulepreload links. Read from the page, not
 * the manifest, because a build whose entry module is merged into a chunk group (apps/web/build/chunk-tiers.ts)
 * has no `index.html` key.
 */
function entryKeys(): string[] {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const files = [...html.matchAll(/<(?:script|link)\b[^>]*\b(?:src|href)="\/?([^"]+\.js)"/g)].map(
    (match) => match[1] as string,
  );
  return files.map((file) => {
    const key = keyOfFile.get(file);
    if (!key) throw new Error(`index.html loads ${file}, which is not in the manifest`);
    return key;
  });
}

/**
 * The manifest key of a route module: its source path, or, where the build merged it into a chunk with
 * others, the chunk named for it (rolldown's default for a shared module) or for its tier (`shell`).
 */
function keyOf(src: string): string {
  if (manifest[src]) return src;
  const names = [basename(src).replace(/\.tsx?$/, ''), ...(SHELL.includes(src) ? ['shell'] : [])];
  for (const name of names) {
    const key = Object.keys(manifest).find(
      (candidate) => manifest[candidate]?.name === name && !manifest[candidate]?.src,
    );
    if (key) return key;
  }
  throw new Error(`${src} is not in the manifest: update ROUTES in bench/bundle-size.ts`);
}

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
    if (!chunk) throw new Error(`${key} is not in the manifest`);
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
  const closure = staticClosure([...entryKeys(), ...modules.map(keyOf)]);
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

let failed = false;
const signIn = rows.find((row) => row.route === 'signin');
if (!signIn) throw new Error('signin row missing');
if (signIn.js > SIGN_IN_JS_BUDGET_KB * 1024) {
  console.error(`\nsignin JS is ${kb(signIn.js)} KB gzip, over the ${SIGN_IN_JS_BUDGET_KB} KB budget.`);
  failed = true;
} else {
  console.log(`\nsignin JS ${kb(signIn.js)} KB gzip, within the ${SIGN_IN_JS_BUDGET_KB} KB budget.`);
}

const over = rows.filter((row) => row.chunks > ROUTE_JS_CHUNKS_BUDGET || row.js > ROUTE_JS_BUDGET_KB * 1024);
const budget = `${ROUTE_JS_CHUNKS_BUDGET} JS chunks and ${ROUTE_JS_BUDGET_KB} KB gzip JS per route`;
if (over.length === 0) {
  console.log(`Every route within ${budget}.`);
} else {
  const report = ENFORCE_ROUTE_BUDGET ? console.error : console.log;
  report(
    `${over.length} of ${rows.length} routes over ${budget}${ENFORCE_ROUTE_BUDGET ? '' : ' (reported, not enforced yet)'}:`,
  );
  for (const row of over) {
    const why = [
      row.chunks > ROUTE_JS_CHUNKS_BUDGET ? `${row.chunks} chunks` : '',
      row.js > ROUTE_JS_BUDGET_KB * 1024 ? `${kb(row.js)} KB` : '',
    ].filter(Boolean);
    report(`  ${row.route}: ${why.join(', ')}`);
  }
  if (ENFORCE_ROUTE_BUDGET) failed = true;
}
if (failed) process.exit(1);

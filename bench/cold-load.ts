/**
 * A cold load of the Stock, Company and User screens and of the dashboard in Chromium, as a signed-in user
 * opening a bookmark with an empty browser cache: the JavaScript requests, the JavaScript bytes transferred,
 * and the time from navigation to the screen painted (a list's first table row, the dashboard's tiles). Two
 * builds side by side, served by the real server.
 *
 *   npm run build -w @facet/web
 *   npx tsx bench/cold-load.ts                     (or: npm run cold-load -w @facet/bench)
 *   npx tsx bench/cold-load.ts --before /work/before-dist --after apps/web/dist --runs 9
 *   npx tsx bench/cold-load.ts --keep         (keeps the seeded database and prints how to reuse it:)
 *   npx tsx bench/cold-load.ts --database postgres://.../facet_bench_cold_x --data-dir /tmp/facet-cold-load-x
 *   npx tsx bench/cold-load.ts --screens Dashboard     (only the screens named, comma-separated)
 *
 * `--before` defaults to /work/before-dist (or BENCH_COLD_BEFORE), a build of the commit before the change
 * saved aside, and is left out when it does not exist; `--after` to the panel's own build.
 *
 * What it does: creates a PostgreSQL database of its own (`BENCH_ADMIN_URL`, dropped at the end), gives it
 * the first start's reference data, the cities the demo data names and the demo data set, starts one server
 * per build (bench/stock-server.ts with WEB_DIST_DIR), signs the admin in through the API (bench/sign-in.ts)
 * and puts the token and the login user in localStorage the way the panel keeps them. Each load is a new
 * browser context (an empty cache); the loads alternate between the builds so both see the same machine.
 * The time is `performance.now()` in the page (0 = navigation start) when the screen's mark is first laid
 * out (a row of an antd table; the dashboard's first tile, which comes with all the others in one answer);
 * requests and bytes are the page's resource timings of `.js` files once the network is idle.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { AUTH_ENDPOINTS, STORAGE_KEYS } from '@facet/contract';
import { buildApp } from '../apps/server/src/app.ts';
import { parseConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { seedCities } from '../apps/server/src/seeds/cities.ts';
import { seedDemo } from '../apps/server/src/seeds/demo/demo-seed.ts';
import { DEMO_CITIES } from '../apps/server/src/seeds/demo/places.ts';
import { callEndpoint } from '../apps/server/test/endpoint-client.ts';
import { launchBrowser } from '../e2e/support/browser.ts';
import { percentiles, startServer } from './bench-server.ts';
import { signIn } from './sign-in.ts';
import { ADMIN_URL, withClient } from './stock-searches.ts';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ADMIN_PASSWORD = 'Bench#Pass1';
const ADMIN_NEW_PASSWORD = 'Bench#Pass2';
const FIRST_ROW_TIMEOUT_MS = 30_000;

/** The screens measured, by their panel paths, and what shows each painted. */
const ALL_SCREENS = [
  { name: 'Stock', path: '/hkadmin/stock', painted: '.ant-table-row' },
  { name: 'Company', path: '/hkadmin/account', painted: '.ant-table-row' },
  { name: 'User', path: '/hkadmin/user', painted: '.ant-table-row' },
  { name: 'Dashboard', path: '/hkadmin/dashboard', painted: '.work-queue .dashboard-tile' },
] as const;

function option(name: string, fallback: string): string {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 && process.argv[at + 1] ? (process.argv[at + 1] as string) : fallback;
}

/**
 * A database this script seeded and kept before (`--database <url> --data-dir <folder>`), to repeat a
 * measurement without the minutes the first start's cities take; by default a fresh one, dropped at the end.
 */
const KEPT_DATABASE = option('database', '');
const KEPT_DATA_DIR = option('data-dir', '');
const RUNS = Number(option('runs', process.env.BENCH_COLD_RUNS ?? '7'));
const ASKED_SCREENS = option('screens', '').split(',').filter(Boolean);
const SCREENS = ALL_SCREENS.filter(
  (screen) => ASKED_SCREENS.length === 0 || ASKED_SCREENS.includes(screen.name),
);
const BUILDS = [
  {
    label: 'before',
    dir: path.resolve(option('before', process.env.BENCH_COLD_BEFORE ?? '/work/before-dist')),
  },
  { label: 'after', dir: path.resolve(option('after', path.join(HERE, '../apps/web/dist'))) },
].filter((build, index, all) => index === all.length - 1 || existsSync(path.join(build.dir, 'index.html')));

/**
 * Runs in the page before its own scripts: the stored session, a larger resource timing buffer, and a
 * watch for the first element of `painted` that has a box (an empty table shows a placeholder row, not
 * `.ant-table-row`).
 */
function pageScript(storage: Record<string, string>, painted: string): string {
  return `(() => {
    try { for (const [key, value] of Object.entries(${JSON.stringify(storage)})) localStorage.setItem(key, value); }
    catch { return; }
    performance.setResourceTimingBufferSize(2000);
    const seen = () => {
      const row = document.querySelector(${JSON.stringify(painted)});
      if (!row || row.getBoundingClientRect().height === 0) return false;
      window.__firstRowAt = performance.now();
      return true;
    };
    const watch = new MutationObserver(() => { if (seen()) watch.disconnect(); });
    watch.observe(document, { childList: true, subtree: true, attributes: true });
  })();`;
}

/** What one load measured; read in the page as JSON. */
interface Load {
  firstRowMs: number;
  jsRequests: number;
  jsBytes: number;
  /** Path of each JavaScript file, with `*` where it arrived after the first row. */
  jsFiles: string[];
}

/** Runs in the page once the network is idle (bench has no DOM types, hence the structural ones). */
function readLoad(): Load {
  const scope = globalThis as unknown as {
    __firstRowAt: number;
    performance: {
      getEntriesByType(type: string): { name: string; transferSize: number; responseEnd: number }[];
    };
  };
  const js = scope.performance
    .getEntriesByType('resource')
    .filter((entry) => new URL(entry.name).pathname.endsWith('.js'));
  return {
    firstRowMs: scope.__firstRowAt,
    jsRequests: js.length,
    jsBytes: js.reduce((sum, entry) => sum + entry.transferSize, 0),
    jsFiles: js.map(
      (entry) => `${new URL(entry.name).pathname}${entry.responseEnd > scope.__firstRowAt ? ' *' : ''}`,
    ),
  };
}

async function createDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `facet_bench_cold_${randomBytes(4).toString('hex')}`;
  await withClient(ADMIN_URL, (client) => client.query(`create database ${name}`));
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await withClient(ADMIN_URL, (client) => client.query(`drop database if exists ${name} with (force)`));
    },
  };
}

/** The first start (migrations, admin, masters, geography) and the demo data set, in this process. */
async function seed(url: string, dataDir: string, secret: string): Promise<void> {
  const config = parseConfig(
    {
      DATABASE_URL: url,
      DATA_DIR: dataDir,
      JWT_SECRET: secret,
      ADMIN_USERNAME: 'admin',
      ADMIN_EMAIL: 'admin@example.com',
      ADMIN_PASSWORD,
      LOG_LEVEL: 'warn',
    },
    process.cwd(),
    false,
  );
  const database = await openDatabase(config);
  try {
    const app = await buildApp(config, { database, seed: { referenceData: true } });
    // The cities the demo data names: the whole list takes minutes and no measured screen reads it.
    await seedCities(database.db, app.log, { source: DEMO_CITIES });
    await app.close();
    const result = await seedDemo(database.db, { dataDir });
    if (result.status !== 'seeded') throw new Error('the demo data set was not added');
  } finally {
    await database.close();
  }
}

const loadAverage = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

async function main(): Promise<void> {
  for (const build of BUILDS) {
    if (!existsSync(path.join(build.dir, 'index.html'))) {
      throw new Error(`${build.dir} holds no built panel: run \`npm run build -w @facet/web\` first`);
    }
  }
  const loadBefore = loadAverage();
  const kept = KEPT_DATABASE !== '';
  if (kept && !KEPT_DATA_DIR) throw new Error('--database needs the --data-dir it was seeded with');
  const secret = randomBytes(32).toString('hex');
  const dataDir = kept ? KEPT_DATA_DIR : await mkdtemp(path.join(tmpdir(), 'facet-cold-load-'));
  const database = kept
    ? { url: KEPT_DATABASE, drop: async () => undefined }
    : process.argv.includes('--keep')
      ? { ...(await createDatabase()), drop: async () => undefined }
      : await createDatabase();
  const servers: Awaited<ReturnType<typeof startServer>>[] = [];
  let browser: Awaited<ReturnType<typeof launchBrowser>> | undefined;
  const cleanUp = async () => {
    await browser?.close().catch(() => undefined);
    for (const server of servers) server.child.kill('SIGTERM');
    await database.drop().catch(() => undefined);
    if (kept || process.argv.includes('--keep'))
      console.error(`kept: --database ${database.url} --data-dir ${dataDir}`);
    else await rm(dataDir, { recursive: true, force: true });
  };
  process.once('SIGINT', () => {
    void cleanUp().finally(() => process.exit(130));
  });
  try {
    if (!kept) {
      console.error('Seeding the reference and demo data...');
      await seed(database.url, dataDir, secret);
    }
    for (const build of BUILDS) {
      servers.push(
        await startServer(secret, dataDir, { databaseUrl: database.url, env: { WEB_DIST_DIR: build.dir } }),
      );
    }
    const baseUrl = (servers[0] as (typeof servers)[number]).url;
    const token = await signIn({
      baseUrl,
      dataDir,
      username: 'admin',
      email: 'admin@example.com',
      // A kept database's admin has already changed the first password.
      ...(kept
        ? { password: ADMIN_NEW_PASSWORD }
        : { password: ADMIN_PASSWORD, newPassword: ADMIN_NEW_PASSWORD }),
    });
    const login = await callEndpoint(baseUrl, AUTH_ENDPOINTS.getLoginUser, undefined, { token });
    const storage = {
      [STORAGE_KEYS.token]: token,
      [STORAGE_KEYS.user]: JSON.stringify(login.user),
      [STORAGE_KEYS.permission]: JSON.stringify(login.userPermissions.data),
    };

    browser = await launchBrowser();
    const loads = new Map<string, Load[]>();
    const loadOnce = async (buildIndex: number, screen: (typeof SCREENS)[number]): Promise<Load> => {
      const context = await (browser as NonNullable<typeof browser>).newContext({
        viewport: { width: 1280, height: 800 },
      });
      try {
        await context.addInitScript({ content: pageScript(storage, screen.painted) });
        const page = await context.newPage();
        await page.goto(`${(servers[buildIndex] as (typeof servers)[number]).url}${screen.path}`, {
          waitUntil: 'commit',
        });
        // A function, not a string: the panel's Content-Security-Policy forbids eval.
        await page.waitForFunction(
          () => (globalThis as { __firstRowAt?: number }).__firstRowAt !== undefined,
          undefined,
          { timeout: FIRST_ROW_TIMEOUT_MS, polling: 50 },
        );
        await page.waitForLoadState('networkidle');
        return await page.evaluate(readLoad);
      } finally {
        await context.close();
      }
    };
    // One load of each first, not measured: the server's own first answers (statements prepared, files opened).
    // `--files` lists what those loads fetched.
    for (const screen of SCREENS) {
      for (let b = 0; b < BUILDS.length; b += 1) {
        const load = await loadOnce(b, screen);
        if (process.argv.includes('--files')) {
          console.error(`${screen.name}, ${BUILDS[b]?.label}:\n  ${load.jsFiles.join('\n  ')}`);
        }
      }
    }
    for (let run = 0; run < RUNS; run += 1) {
      for (const screen of SCREENS) {
        // Alternate which build goes first, so neither always follows the other.
        const order = BUILDS.map((_, index) => index);
        if (run % 2 === 1) order.reverse();
        for (const b of order) {
          const key = `${(BUILDS[b] as (typeof BUILDS)[number]).label}:${screen.name}`;
          const list = loads.get(key) ?? [];
          list.push(await loadOnce(b, screen));
          loads.set(key, list);
        }
      }
      console.error(`run ${run + 1} of ${RUNS} done`);
    }
    const loadAfter = loadAverage();

    const cell = (values: number[], format: (value: number) => string) => {
      const { p50, p95 } = percentiles(values);
      return `${format(p50)} / ${format(p95)}`;
    };
    const labels = BUILDS.map((build) => build.label);
    console.log(
      `Cold loads in Chromium, ${RUNS} per screen and build, median / p95; load average ${loadBefore} before, ${loadAfter} after.`,
    );
    console.log(BUILDS.map((build) => `${build.label}: ${build.dir}`).join('; '));
    console.log('');
    console.log(
      `| Screen | ${labels.map((l) => `JS requests, ${l}`).join(' | ')} | ${labels.map((l) => `JS KB transferred, ${l}`).join(' | ')} | ${labels.map((l) => `painted ms, ${l}`).join(' | ')} |`,
    );
    console.log(`| --- |${' ---: |'.repeat(labels.length * 3)}`);
    for (const screen of SCREENS) {
      const of = (label: string) => loads.get(`${label}:${screen.name}`) ?? [];
      console.log(
        `| ${screen.name} | ${labels
          .map((l) =>
            cell(
              of(l).map((x) => x.jsRequests),
              String,
            ),
          )
          .join(' | ')} | ${labels
          .map((l) =>
            cell(
              of(l).map((x) => x.jsBytes / 1024),
              (v) => v.toFixed(1),
            ),
          )
          .join(' | ')} | ${labels
          .map((l) =>
            cell(
              of(l).map((x) => x.firstRowMs),
              (v) => v.toFixed(0),
            ),
          )
          .join(' | ')} |`,
      );
    }
  } finally {
    await cleanUp();
  }
}

await main();

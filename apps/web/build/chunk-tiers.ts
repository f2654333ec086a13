import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { Rolldown } from 'vite';

type OutputChunk = Rolldown.OutputChunk;
type CodeSplittingGroup = NonNullable<
  Exclude<Rolldown.OutputOptions['codeSplitting'], boolean | undefined>['groups']
>[number];

/**
 * Fewer, larger chunks for the first load of every screen (issue 12: at most 20 JavaScript requests).
 *
 * rolldown splits the panel by which lazy modules share a module: one chunk per set of lazy modules (the
 * screens, but also every drawer, dialog and row action loaded later). A screen's first load fetched up to
 * 120 chunks (111 for User, 29 for sign-in), many under 1 KB, each a request.
 *
 * The plan, from rolldown's own chunks:
 * 1. Each chunk gets the set of SCREENS whose first load fetches it; chunks with the same set become one.
 *    No screen downloads a byte more, and a screen fetches one chunk per distinct set (up to 44).
 * 2. While a screen fetches more than CHUNKS_PER_SCREEN, two of its chunks are merged: the two whose merge
 *    adds the fewest gzipped bytes to all first loads, counting what the merged chunk imports, and counting
 *    many times the bytes that leave a screen past its budget or that a screen without the shell would gain
 *    (sign-in and the not-found page most). A screen may then fetch some code it does not run (measured in
 *    docs/performance.md: most on the screens with most room under their budget), and fewer chunks
 *    compress better.
 * Chunks no first load fetches (drawers, dialogs) are left as rolldown makes them.
 *
 * What a screen needs is what rolldown keeps after tree-shaking, not what the sources import (`antd` and
 * `@facet/contract` are barrels that re-export everything), so the plan is read from a first build with
 * rolldown's own chunks (vite.config.ts, unwritten, a few seconds) and handed to the real build as
 * code-splitting groups. bench/bundle-size.ts measures the same SCREENS.
 */

/** Every screen's first load: the lazy modules the router loads for it, beside index.html's entry. */
export const SHELL = [
  'src/platform/routes/panel-route-table.ts',
  'src/platform/shell/panel-layout.tsx',
  'src/platform/app/query-client.ts',
  'src/platform/api/login-user-query.ts',
  // Not the header's widgets (the notification bell): the frame renders them as their chunks arrive.
];
export const SCREENS: Record<string, readonly string[]> = {
  signin: ['src/auth/sign-in-page.tsx'],
  'otp-verification': ['src/auth/otp-verification-page.tsx'],
  'forgot-password': ['src/auth/forgot-password-page.tsx'],
  'update-default-password': ['src/auth/update-default-password-page.tsx'],
  'reset-password': ['src/auth/reset-password-page.tsx'],
  signup: ['src/auth/sign-up-page.tsx'],
  'not-found': ['src/platform/pages/not-found-page.tsx'],
  dashboard: [...SHELL, 'src/dashboard/dashboard-page.tsx'],
  profile: [...SHELL, 'src/auth/profile-page.tsx'],
  // A panel address with no screen (not found) and a screen the user may not open, inside the frame.
  'panel-not-found': [...SHELL, 'src/platform/pages/not-found-page.tsx'],
  'no-access': [...SHELL, 'src/platform/pages/no-access-page.tsx'],
  user: [...SHELL, 'src/users/user-page.tsx'],
  guest: [...SHELL, 'src/users/guest-page.tsx'],
  role: [...SHELL, 'src/roles/role-page.tsx'],
  permission: [...SHELL, 'src/permissions/permission-page.tsx'],
  resources: [...SHELL, 'src/platform/resources/resource-route.tsx'],
  stock: [...SHELL, 'src/stock/stock-page.tsx'],
  'stock-upload': [...SHELL, 'src/stock-upload/stock-upload-page.tsx'],
  'search-history': [...SHELL, 'src/search-history/search-history-page.tsx'],
  layouts: [...SHELL, 'src/layouts/layout-list-page.tsx'],
  'account-details': [...SHELL, 'src/accounts/account-details-page.tsx'],
  settings: [...SHELL, 'src/settings/settings-page.tsx'],
  // Report screens are ReportPage over their declarations (chart.js lazy); the matrix screens add the
  // colour by clarity table, the login report its own link to the events.
  'hit-counter': [...SHELL, 'src/reports/hit-counter-page.tsx'],
  'four-c': [...SHELL, 'src/reports/four-c-page.tsx'],
  'search-summary': [...SHELL, 'src/reports/search-summary-page.tsx'],
  'login-report': [...SHELL, 'src/login-log/login-report-page.tsx'],
};

/**
 * Chunks a screen's first load may take from the merged groups, below issue 12's 20 requests: its own lazy
 * module and rolldown's runtime come on top. Fewer merged chunks cost bytes (docs/performance.md).
 */
const CHUNKS_PER_SCREEN = 18;
/** Issue 12's gzipped JavaScript budgets (sign-in 180 KB, any other screen 350 KB), which a merge avoids crossing. */
const BYTES_BUDGET_KB: Record<string, number> = { signin: 180, default: 350 };
const OVER_BUDGET_WEIGHT = 100;
const KEEP_AS_THEY_ARE = new Set(['signin', 'not-found']);
const KEEP_WEIGHT = 1000;
/** The screens without the shell (the rest of the sign-in journey): a merge is not to grow them either. */
const PUBLIC = new Set(
  Object.entries(SCREENS)
    .filter(([, modules]) => !modules.includes(SHELL[0] as string))
    .map(([screen]) => screen),
);

const normalized = (id: string) => id.replaceAll('\\', '/');

/** Module id → the name of the chunk it goes to, from the chunks of a build without groups. */
export function planChunks(chunks: readonly OutputChunk[]): Map<string, string> {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const chunkOf = new Map<string, OutputChunk>();
  for (const chunk of chunks) for (const id of chunk.moduleIds) chunkOf.set(id, chunk);
  const closure = (roots: Iterable<OutputChunk>): Set<OutputChunk> => {
    const seen = new Set<OutputChunk>();
    const stack = [...roots];
    while (stack.length > 0) {
      const chunk = stack.pop() as OutputChunk;
      if (seen.has(chunk)) continue;
      seen.add(chunk);
      for (const file of chunk.imports) {
        const imported = byFile.get(file);
        if (imported) stack.push(imported);
      }
    }
    return seen;
  };
  // A screen moved or renamed is left out of the plan (its chunks stay as rolldown makes them) rather
  // than failing the build; bench/bundle-size.ts, which lists the same screens, then fails instead.
  const chunksNamed = (sources: readonly string[]): OutputChunk[] =>
    sources.flatMap((source) => {
      const id = [...chunkOf.keys()].find((candidate) =>
        normalized(candidate).endsWith(`/apps/web/${source}`),
      );
      if (!id)
        console.warn(`chunk-tiers: no module ${source}; update SCREENS in apps/web/build/chunk-tiers.ts`);
      return id ? [chunkOf.get(id) as OutputChunk] : [];
    });

  const entries = chunks.filter((chunk) => chunk.isEntry);
  const shellRoots = new Set(chunksNamed(SHELL));
  const screensOf = new Map<OutputChunk, string[]>();
  for (const [screen, roots] of Object.entries(SCREENS)) {
    for (const chunk of closure([...entries, ...chunksNamed(roots)])) {
      screensOf.set(chunk, [...(screensOf.get(chunk) ?? []), screen]);
    }
  }
  const everyScreen = Object.keys(SCREENS).length;

  // One unit per set of screens; a lazy module's own chunk stays a unit of its own that is never merged
  // (its manifest key is its source path), except the shell's, which always load together.
  const units: Unit[] = [];
  const unitOf = new Map<OutputChunk, Unit>();
  const bySet = new Map<string, Unit>();
  for (const [chunk, screens] of screensOf) {
    const apart = chunk.isDynamicEntry && !shellRoots.has(chunk);
    const key = screens.join('+');
    let unit = apart ? undefined : bySet.get(key);
    if (!unit) {
      unit = { chunks: [], size: 0, imports: new Set(), apart, shell: false };
      units.push(unit);
      if (!apart) bySet.set(key, unit);
    }
    unit.chunks.push(chunk);
    unit.size += gzipSync(chunk.code).length;
    unit.shell ||= shellRoots.has(chunk);
    unitOf.set(chunk, unit);
  }
  for (const unit of units) {
    for (const chunk of unit.chunks) {
      for (const file of chunk.imports) {
        const imported = unitOf.get(byFile.get(file) as OutputChunk);
        if (imported && imported !== unit) unit.imports.add(imported);
      }
    }
  }
  const starts = new Map(
    Object.entries(SCREENS).map(([screen, roots]) => [
      screen,
      [...new Set([...entries, ...chunksNamed(roots)].map((chunk) => unitOf.get(chunk) as Unit))],
    ]),
  );
  const merged = mergeToBudget(units, starts);

  const nameOf = new Map<string, string>();
  for (const unit of merged) {
    if (unit.apart) continue;
    const screens = [...starts.keys()]
      .filter((screen) => loadedUnits(starts.get(screen) ?? []).has(unit))
      .sort();
    const name = unit.shell
      ? 'shell'
      : screens.length === everyScreen
        ? 'initial'
        : screens.length === 1
          ? (screens[0] as string)
          : `shared-${createHash('sha256').update(screens.join('+')).digest('hex').slice(0, 6)}`;
    for (const chunk of unit.chunks) {
      for (const id of chunk.moduleIds) {
        // The entry module stays in the entry chunk, which index.html names.
        if (!(chunk.isEntry && id === chunk.facadeModuleId)) nameOf.set(id, name);
      }
    }
  }
  return nameOf;
}

/** Chunks of rolldown's split that end up in one chunk, and what that chunk imports. */
interface Unit {
  chunks: OutputChunk[];
  /** Gzipped bytes of the code. */
  size: number;
  imports: Set<Unit>;
  /** A lazy module's own chunk, never merged. */
  apart: boolean;
  shell: boolean;
}

/** The units a first load fetches from its starting units; with `pair`, as if its two were merged. */
function loadedUnits(start: readonly Unit[], pair?: readonly [Unit, Unit]): Set<Unit> {
  const seen = new Set<Unit>();
  const stack = [...start];
  while (stack.length > 0) {
    const unit = stack.pop() as Unit;
    if (seen.has(unit)) continue;
    seen.add(unit);
    stack.push(...unit.imports);
    if (pair && unit === pair[0]) stack.push(pair[1]);
    if (pair && unit === pair[1]) stack.push(pair[0]);
  }
  return seen;
}

/**
 * Merges units until every screen's first load fetches at most CHUNKS_PER_SCREEN: each time, among the
 * units of the screen that fetches the most, the two whose merge adds the fewest bytes to all first loads
 * (what a merged chunk imports included), bytes that take a screen past its budget counting many times.
 */
function mergeToBudget(start: readonly Unit[], starts: ReadonlyMap<string, readonly Unit[]>): Unit[] {
  const units = [...start];
  const screens = [...starts.keys()];
  const bytes = (set: Set<Unit>) => [...set].reduce((sum, unit) => sum + unit.size, 0);
  for (;;) {
    const loads = new Map(screens.map((screen) => [screen, loadedUnits(starts.get(screen) ?? [])]));
    const worst = screens.reduce((a, b) => ((loads.get(b)?.size ?? 0) > (loads.get(a)?.size ?? 0) ? b : a));
    if ((loads.get(worst)?.size ?? 0) <= CHUNKS_PER_SCREEN) return units;
    const now = new Map(screens.map((screen) => [screen, bytes(loads.get(screen) as Set<Unit>)]));
    const mine = [...(loads.get(worst) as Set<Unit>)].filter((unit) => !unit.apart);
    let best: { a: Unit; b: Unit; cost: number } | undefined;
    for (let i = 0; i < mine.length; i += 1) {
      for (let j = i + 1; j < mine.length; j += 1) {
        const a = mine[i] as Unit;
        const b = mine[j] as Unit;
        let cost = 0;
        for (const screen of screens) {
          const loaded = loads.get(screen) as Set<Unit>;
          // Only a screen that fetches one of the two, or something importing one, can change.
          if (loaded.has(a) === loaded.has(b)) continue;
          const before = now.get(screen) ?? 0;
          const added = bytes(loadedUnits(starts.get(screen) ?? [], [a, b])) - before;
          const budget = ((BYTES_BUDGET_KB[screen] ?? BYTES_BUDGET_KB.default) as number) * 1024;
          // Bytes that leave a screen past its budget, whether it was within it before or not, count many
          // times: the code it fetches without running goes to screens with room instead. The screens
          // without a sign-in (sign-in's budget is tight, and what everyone loads first) do not grow at all
          // if it can be helped.
          const past = before + added > budget;
          cost +=
            added *
            (KEEP_AS_THEY_ARE.has(screen)
              ? KEEP_WEIGHT
              : past || PUBLIC.has(screen)
                ? OVER_BUDGET_WEIGHT
                : 1);
        }
        if (!best || cost < best.cost) best = { a, b, cost };
      }
    }
    if (!best) return units;
    const { a, b } = best;
    units.splice(units.indexOf(b), 1);
    a.chunks.push(...b.chunks);
    a.size += b.size;
    a.shell ||= b.shell;
    for (const unit of b.imports) if (unit !== a) a.imports.add(unit);
    a.imports.delete(b);
    for (const unit of units) {
      if (unit.imports.delete(b) && unit !== a) unit.imports.add(a);
    }
    for (const list of starts.values()) {
      const at = (list as Unit[]).indexOf(b);
      if (at >= 0) (list as Unit[])[at] = a;
    }
  }
}

/** One code-splitting group per planned chunk. */
export function plannedGroups(nameOf: ReadonlyMap<string, string>): CodeSplittingGroup[] {
  return [...new Set(nameOf.values())].map((name) => ({
    name,
    test: (id: string) => nameOf.get(id) === name,
  }));
}

// Import guards for the three source trees (`npm run lint:imports`, part of `npm run test:static`).
// The rules are written out in words in docs/testing.md, section "Guards".

// The src folder of each package; every folder directly below it is either platform or feature.
const sourceRoots = '(packages/contract|apps/server|apps/web)/src';

// Platform (engine) folders: generic code that features plug into. They must never know a feature,
// otherwise a new module means editing the engine again.
const platformFolders = [
  '^packages/contract/src/(resources|endpoints|modules|access|format)/',
  '^apps/server/src/(access|db|http|modules|resources)/',
  '^apps/web/src/platform/',
];

// drizzle-kit reads every table through this one file, which re-exports each feature's tables.
const drizzleSchema = '^apps/server/src/db/schema\\.ts$';

// Files allowed to name features: the module lists and the entry files that hand them to the engine.
const compositionRoots = [
  '^packages/contract/src/(contract-modules|index)\\.ts$',
  '^apps/server/src/(server-modules|app|main|seed-demo)\\.ts$',
  '^apps/web/src/(web-modules\\.ts|main\\.tsx)$',
  drizzleSchema,
];

const tests = '\\.test\\.tsx?$';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-folder-cycles',
      comment:
        'Folders must form a hierarchy: when two folders import each other (directly or through others) ' +
        'neither can be understood, moved or tested without the other. Type-only imports count too: ' +
        'they are still knowledge of the other folder, and the cycle returns as soon as a value is needed.',
      severity: 'error',
      scope: 'folder',
      from: { path: `^${sourceRoots}` },
      to: { circular: true },
    },
    {
      name: 'engine-imports-no-feature',
      comment:
        'The engines (resources, endpoints, modules, access, format in the contract; resources, http, db on the ' +
        'server; platform on the web) reach features only through the module lists, so adding a module ' +
        'never edits an engine. Type-only imports count: a feature type in an engine signature is the same ' +
        'coupling. The module lists, the entry files and db/schema.ts (for drizzle-kit) are the exceptions.',
      severity: 'error',
      from: { path: platformFolders, pathNot: compositionRoots },
      to: {
        path: `^${sourceRoots}/[^/]+/`,
        pathNot: platformFolders,
      },
    },
    {
      name: 'drizzle-schema-only-for-drizzle',
      comment:
        'db/schema.ts exists for drizzle-kit and for the typed client; it is not followed (see doNotFollow), ' +
        'so a feature importing it would hide a dependency on every other feature. Features import their ' +
        'own table files and the exported tables of the features they really use.',
      severity: 'error',
      from: {
        path: `^${sourceRoots}/`,
        pathNot: ['^apps/server/src/db/(client|pooled-connections)\\.ts$', tests],
      },
      to: { path: drizzleSchema },
    },
    {
      name: 'no-dev-dependency-in-production',
      comment:
        'Production installs leave devDependencies out, so production code that imports one breaks at ' +
        'start-up. Tests may use them, and so may the demo seed, run only through `npm run seed:demo` ' +
        '(tsx, itself a devDependency). Type-only imports are erased at build time and are allowed.',
      severity: 'error',
      from: { path: `^${sourceRoots}/`, pathNot: [tests, '^apps/server/src/(seed-demo\\.ts$|seeds/demo/)'] },
      to: { dependencyTypes: ['npm-dev'], dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'no-unresolvable-import',
      comment:
        'An import that resolves to nothing is a typo or a missing dependency. The build writes the ' +
        'virtual modules of the panel manifest (apps/web/build/panel-manifest-plugin.ts).',
      severity: 'error',
      from: {},
      to: {
        couldNotResolve: true,
        pathNot:
          '^virtual:(panel-manifest|resource-catalogue|reference-catalogue|permission-catalogue|audit-catalogue)$',
      },
    },
    {
      name: 'no-undeclared-dependency',
      comment:
        'A package used but listed neither in its workspace nor at the root works only by hoisting luck.',
      severity: 'error',
      from: { path: `^${sourceRoots}/` },
      to: { dependencyTypes: ['npm-no-pkg', 'npm-unknown'] },
    },
  ],
  options: {
    // The drizzle schema is a node in the graph but its re-exports are not followed: otherwise db/ would
    // depend on every feature and every feature that uses db/ would sit in a folder cycle with it.
    doNotFollow: { path: ['node_modules', drizzleSchema] },
    // Type-only imports are part of the graph (marked type-only), so the rules above can weigh them.
    tsPreCompilationDeps: true,
    // `@facet/contract` is a workspace symlink whose `exports` points at src/index.ts; resolving through
    // the link lands on the source file, so the contract is cruised as source, not as a package.
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'default'],
      extensions: ['.ts', '.tsx', '.js'],
    },
    // A workspace's package.json plus the root one (vitest, biome, tsx live at the root) decide what is a
    // (dev)dependency.
    combinedDependencies: true,
    moduleSystems: ['es6'],
    skipAnalysisNotInRules: true,
    reporterOptions: { text: { highlightFocused: true } },
  },
};

import { type Plugin, runnerImport } from 'vite';

type Contract = typeof import('@facet/contract');
type ResourceSpec = Contract['RESOURCES'][number];

/**
 * The resources as a reference column, cell or choice reads them: every resource, with what its
 * endpoints' refs are made of (`resourceRefs`: api, module, the views' modules, operations, sequence
 * field), its title field and default sort, and of its fields only the title field and those another
 * resource shows beside a reference to it (`details`). A list loads this, not every resource's every
 * field and view, to label and fill its reference columns.
 */
function referenceCatalogue(resources: readonly ResourceSpec[]): ResourceSpec[] {
  const shown = new Map<string, Set<string>>();
  for (const resource of resources)
    for (const spec of Object.values(resource.fields))
      if (spec.references) {
        const fields = shown.get(spec.references) ?? new Set<string>();
        for (const detail of spec.details ?? []) fields.add(detail);
        shown.set(spec.references, fields);
      }
  return resources.map((resource) => ({
    name: resource.name,
    title: resource.title,
    module: resource.module,
    api: resource.api,
    table: resource.table,
    views: resource.views.map(({ route, title, module }) => ({ route, title, module })),
    titleField: resource.titleField,
    defaultSort: resource.defaultSort,
    operations: resource.operations,
    ...(resource.sequenceField ? { sequenceField: resource.sequenceField } : {}),
    fields: Object.fromEntries(
      Object.entries(resource.fields).filter(
        ([field]) => field === resource.titleField || shown.get(resource.name)?.has(field),
      ),
    ),
  }));
}

/**
 * What the panel reads of the contract as data, by virtual module:
 * `import { PANEL_ROUTES, MENU } from 'virtual:panel-manifest'` (the route table and the sidebar),
 * `import { RESOURCE_CATALOGUE } from 'virtual:resource-catalogue'` (the resource screens),
 * `import { REFERENCE_CATALOGUE } from 'virtual:reference-catalogue'` (the reference columns and choices),
 * `import { PERMISSION_SCOPE_CATALOGUE } from 'virtual:permission-catalogue'` (the permission matrix),
 * `import { AUDIT_SUBJECTS } from 'virtual:audit-catalogue'` (how every history reads its entries).
 */
const MANIFESTS: Record<string, (contract: Contract) => Record<string, unknown>> = {
  'virtual:panel-manifest': (contract) => ({ PANEL_ROUTES: contract.PANEL_ROUTES, MENU: contract.MENU }),
  'virtual:resource-catalogue': (contract) => ({ RESOURCE_CATALOGUE: contract.RESOURCES }),
  'virtual:reference-catalogue': (contract) => ({
    REFERENCE_CATALOGUE: referenceCatalogue(contract.RESOURCES),
  }),
  'virtual:permission-catalogue': (contract) => ({ PERMISSION_SCOPE_CATALOGUE: contract.SCOPE_CATALOGUE }),
  'virtual:audit-catalogue': (contract) => ({ AUDIT_SUBJECTS: contract.auditSubjectsOf(contract.CONTRACT) }),
};

/**
 * The panel routes, the sidebar, the resources and the permission catalogue are assembled from every
 * module of the contract, and the modules name their endpoints with all their schemas. Evaluated here, at
 * build time, they reach the browser as the data they are, so a screen does not download the whole
 * contract and zod to draw its menu, its grid or its permission matrix, and no second list of the
 * modules' declarations is kept by hand.
 */
export function panelManifest(): Plugin {
  return {
    name: 'facet-panel-manifest',
    resolveId: (source) => (source in MANIFESTS ? `\0${source}` : undefined),
    async load(id) {
      const manifest = id.startsWith('\0') ? MANIFESTS[id.slice(1)] : undefined;
      if (!manifest) return undefined;
      const { module, dependencies } = await runnerImport<Contract>('@facet/contract');
      for (const file of dependencies) this.addWatchFile(file);
      return Object.entries(manifest(module))
        .map(([name, value]) => `export const ${name} = ${JSON.stringify(value)};`)
        .join('\n');
    },
  };
}

import { type Plugin, runnerImport } from 'vite';

type Contract = typeof import('@facet/contract');

/**
 * What the panel reads of the contract as data, by virtual module:
 * `import { PANEL_ROUTES, MENU } from 'virtual:panel-manifest'` (the route table and the sidebar),
 * `import { RESOURCE_CATALOGUE } from 'virtual:resource-catalogue'` (the resource screens),
 * `import { PERMISSION_SCOPE_CATALOGUE } from 'virtual:permission-catalogue'` (the permission matrix).
 */
const MANIFESTS: Record<string, (contract: Contract) => Record<string, unknown>> = {
  'virtual:panel-manifest': (contract) => ({ PANEL_ROUTES: contract.PANEL_ROUTES, MENU: contract.MENU }),
  'virtual:resource-catalogue': (contract) => ({ RESOURCE_CATALOGUE: contract.RESOURCES }),
  'virtual:permission-catalogue': (contract) => ({ PERMISSION_SCOPE_CATALOGUE: contract.SCOPE_CATALOGUE }),
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

import { type Plugin, runnerImport } from 'vite';

/** What the panel's route table and sidebar import: `import { PANEL_ROUTES, MENU } from 'virtual:panel-manifest'`. */
const ID = 'virtual:panel-manifest';
const RESOLVED = `\0${ID}`;

/**
 * The panel routes and the sidebar are assembled from every module of the contract, and the modules name
 * their endpoints with all their schemas. Evaluated here, at build time, they reach the browser as the
 * data they are, so the first protected screen does not download the whole contract to draw its menu.
 */
export function panelManifest(): Plugin {
  return {
    name: 'facet-panel-manifest',
    resolveId: (source) => (source === ID ? RESOLVED : undefined),
    async load(id) {
      if (id !== RESOLVED) return undefined;
      const { module, dependencies } =
        await runnerImport<typeof import('@facet/contract')>('@facet/contract');
      for (const file of dependencies) this.addWatchFile(file);
      return [
        `export const PANEL_ROUTES = ${JSON.stringify(module.PANEL_ROUTES)};`,
        `export const MENU = ${JSON.stringify(module.MENU)};`,
      ].join('\n');
    },
  };
}

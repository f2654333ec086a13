import { CONTRACT_MODULES, PANEL_ROUTES, RESOURCE_BY_NAME } from '@facet/contract';
import { describe, expect, it } from 'vitest';
import { indexWebModules } from './platform/modules/web-module-index.ts';
import { WEB_MODULES } from './web-modules.ts';

// The modules name their screens and resources by string (the declarations would weigh on sign-in), so
// this is where a renamed route or resource is caught.
describe('WEB_MODULES', () => {
  const index = indexWebModules(WEB_MODULES);

  it('names each web module after a contract module', () => {
    const contractNames = new Set(CONTRACT_MODULES.map((module) => module.name));
    for (const module of WEB_MODULES) expect(contractNames, module.name).toContain(module.name);
  });

  it('gives screens only to routes of the contract', () => {
    const paths = new Set(PANEL_ROUTES.map((route) => route.path));
    for (const path of index.screens.keys()) expect(paths, path).toContain(path);
  });

  it('keys row actions, switches and inputs by resources of the contract', () => {
    for (const name of [...index.rowActions.keys(), ...index.toggles.keys(), ...index.inputs.keys()]) {
      expect(RESOURCE_BY_NAME.get(name), name).toBeDefined();
    }
  });

  it('gives public screens by browser path', () => {
    for (const path of index.publicScreens.keys()) expect(path.startsWith('/'), path).toBe(true);
  });
});

import type { PermissionModule } from '../access/admin-modules.ts';
import type { MenuItem, MenuPlacement } from '../access/menu.ts';
import { MENU_GROUPS } from '../access/menu-groups.ts';
import type { PanelRoute } from '../access/panel-routes.ts';
import type { EndpointAccess } from '../endpoints/access.ts';
import type { EndpointSpec } from '../endpoints/endpoint.ts';
import { type AuditEntitySpec, auditEntityNameOf } from '../resources/audit-entity.ts';
import { modulesOf, type ResourceSpec, viewModuleOf } from '../resources/resource.ts';
import { resourceEndpointTable } from '../resources/resource-endpoints.ts';
import type { ContractModule } from './contract-module.ts';

/** What the list of modules adds up to: the catalogues every engine, screen and test reads. */
export interface Contract {
  modules: readonly ContractModule[];
  /** Every permission module, by id. */
  permissionModules: readonly PermissionModule[];
  permissionModuleByName: ReadonlyMap<string, PermissionModule>;
  resources: readonly ResourceSpec[];
  resourceByName: ReadonlyMap<string, ResourceSpec>;
  /** Every endpoint: those declared by hand, then those generated from each resource. */
  endpoints: readonly EndpointSpec[];
  /** What the audit trail records changes of: the modules' declared entity types, then every resource. */
  auditEntityTypes: readonly string[];
  /** The declared labels of the non-resource entity types that have them. */
  auditEntityByName: ReadonlyMap<string, AuditEntitySpec>;
  /** Every protected screen of the panel: resource views and hand-written screens. */
  panelRoutes: readonly PanelRoute[];
  menu: readonly MenuItem[];
}

function uniqueBy<T>(items: readonly T[], keyOf: (item: T) => string | number, what: string): void {
  const seen = new Set<string | number>();
  for (const item of items) {
    const key = keyOf(item);
    if (seen.has(key)) throw new Error(`Two modules declare the ${what} ${key}`);
    seen.add(key);
  }
}

function accessModules(access: EndpointAccess): readonly string[] {
  if ('module' in access) return [access.module];
  if ('modules' in access) return access.modules;
  return [];
}

interface Placed {
  placement: MenuPlacement;
  route: string;
  module: string | null;
  resourceView: boolean;
}

function menuOf(placed: readonly Placed[]): MenuItem[] {
  const leaf = ({ placement, route, module, resourceView }: Placed): MenuItem => ({
    id: placement.id,
    name: placement.name,
    path: menuPathOf(route),
    route,
    resourceView,
    module,
    ...(placement.icon ? { icon: placement.icon } : {}),
  });
  const top: MenuItem[] = placed.filter((entry) => entry.placement.group === null).map(leaf);
  for (const group of MENU_GROUPS) {
    const children = placed
      .filter((entry) => entry.placement.group === group.name)
      .map(leaf)
      .sort((a, b) => a.id - b.id);
    if (children.length > 0) top.push({ id: group.id, name: group.name, icon: group.icon, children });
  }
  return top.sort((a, b) => a.id - b.id);
}

/**
 * Adds the modules up, refusing a contract that contradicts itself: two modules claiming one name, id,
 * table, API base or route, or a declaration gated by a permission module nobody declares.
 */
export function assembleContract(modules: readonly ContractModule[]): Contract {
  uniqueBy(modules, (module) => module.name, 'module');
  const permissionModules = modules.flatMap((module) => module.permissions ?? []).sort((a, b) => a.id - b.id);
  uniqueBy(permissionModules, (entry) => entry.id, 'permission module id');
  uniqueBy(permissionModules, (entry) => entry.module, 'permission module');
  const permissionModuleByName = new Map(permissionModules.map((entry) => [entry.module, entry]));
  const checkGate = (module: string | null, where: string) => {
    if (module !== null && !permissionModuleByName.has(module))
      throw new Error(`${where} is gated by "${module}", which no module declares`);
  };

  const resources = modules.flatMap((module) => module.resources ?? []);
  uniqueBy(resources, (resource) => resource.name, 'resource');
  uniqueBy(resources, (resource) => resource.table, 'table');
  uniqueBy(resources, (resource) => resource.api, 'API base');

  const panelRoutes: PanelRoute[] = [];
  const placed: Placed[] = [];
  for (const resource of resources) {
    for (const gate of modulesOf(resource)) checkGate(gate, `Resource ${resource.name}`);
    for (const view of resource.views) {
      const module = viewModuleOf(resource, view);
      panelRoutes.push({ path: view.route, title: view.title, module, action: view.action ?? 'view' });
      if (view.menu) placed.push({ placement: view.menu, route: view.route, module, resourceView: true });
    }
  }
  for (const module of modules) {
    for (const screen of module.screens ?? []) {
      checkGate(screen.module, `Screen ${screen.path}`);
      panelRoutes.push({
        path: screen.path,
        title: screen.title,
        module: screen.module,
        action: screen.action ?? 'view',
      });
      if (screen.menu)
        placed.push({
          placement: screen.menu,
          route: screen.path,
          module: screen.module,
          resourceView: false,
        });
    }
  }
  uniqueBy(panelRoutes, (route) => route.path, 'panel route');
  uniqueBy(placed, (entry) => entry.placement.id, 'menu entry');

  const declared = modules.flatMap((module) =>
    (module.endpoints ?? []).flatMap((table) => Object.values(table)),
  );
  for (const endpoint of declared) {
    for (const gate of accessModules(endpoint.access)) checkGate(gate, `Endpoint ${endpoint.path}`);
  }
  // Generated on first use: a resource's endpoints name the titles of the resources it references,
  // which are only all declared once every module has loaded.
  let endpoints: readonly EndpointSpec[] | undefined;
  const endpointsOf = () => {
    if (!endpoints) {
      endpoints = [...declared, ...resources.flatMap((resource) => resourceEndpointTable(resource))];
      uniqueBy(endpoints, (endpoint) => `${endpoint.method} ${endpoint.path}`, 'endpoint');
    }
    return endpoints;
  };

  return {
    modules,
    permissionModules,
    permissionModuleByName,
    resources,
    resourceByName: new Map(resources.map((resource) => [resource.name, resource])),
    auditEntityByName: new Map(
      modules
        .flatMap((module) => module.auditEntityTypes ?? [])
        .filter((entity): entity is AuditEntitySpec => typeof entity !== 'string')
        .map((entity) => [entity.name, entity]),
    ),
    auditEntityTypes: [
      ...modules.flatMap((module) => (module.auditEntityTypes ?? []).map(auditEntityNameOf)),
      ...resources.map((resource) => resource.name),
    ],
    get endpoints() {
      return endpointsOf();
    },
    panelRoutes,
    menu: menuOf(placed),
  };
}

/** A menu entry opens its route without the optional params (`country/:id?` → `country`). */
function menuPathOf(route: string): string {
  return route
    .split('/')
    .filter((segment) => !segment.startsWith(':'))
    .join('/');
}

import type { AdminAction, PermissionModule } from '../access/admin-modules.ts';
import type { MenuPlacement } from '../access/menu.ts';
import type { EndpointSpec } from '../endpoints/endpoint.ts';
import type { AuditEntityDeclaration } from '../resources/audit-entity.ts';
import type { ResourceSpec } from '../resources/resource.ts';

/**
 * A screen of the panel written for its feature (not a resource's generic list or form): its route
 * relative to /hkadmin/, the module and action that open it (`module: null`: any signed-in user).
 */
export interface PanelScreen {
  path: string;
  title: string;
  module: string | null;
  action?: AdminAction;
  menu?: MenuPlacement;
}

/**
 * Everything a feature brings to the contract, declared once in the feature's folder. The list of
 * modules (contract-modules.ts) is the only place that names them all; menus, panel routes, the
 * permission catalogue and the endpoint table are assembled from it.
 */
export interface ContractModule {
  /** The feature's folder name, the same in packages/contract, apps/server and apps/web. */
  name: string;
  permissions?: readonly PermissionModule[];
  resources?: readonly ResourceSpec[];
  /** Endpoints the feature implements by hand; a resource's endpoints are generated from it. */
  endpoints?: readonly Readonly<Record<string, EndpointSpec>>[];
  screens?: readonly PanelScreen[];
  /**
   * What else than its resources the feature records in the audit trail (`user`, `upload`, ...): a name,
   * or a declaration whose labels let every history read its entries in words.
   */
  auditEntityTypes?: readonly AuditEntityDeclaration[];
}

export function defineModule<const M extends ContractModule>(module: M): M {
  return module;
}

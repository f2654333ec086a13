import {
  ADMIN_ACTIONS,
  type AdminPermissionEntry,
  CUSTOMER_ACTIONS,
  type CustomerAction,
  type CustomerPermissionEntry,
  type PermissionScope,
  type PermissionSetEntry,
  type ScopeCatalogue,
} from '@facet/contract';
import type { permissionEntries } from './permission-table.ts';

export type PermissionRow = typeof permissionEntries.$inferSelect;
export type Flags = Record<CustomerAction, boolean>;

/** Contract action name → column; only printPDF is spelled differently. */
const COLUMN_OF = {
  view: 'view',
  insert: 'insert',
  update: 'update',
  delete: 'delete',
  uploadExcel: 'uploadExcel',
  downloadExcel: 'downloadExcel',
  mailExcel: 'mailExcel',
  printPDF: 'printPdf',
} as const satisfies Record<CustomerAction, keyof PermissionRow>;

export function flagsOfRow(row: PermissionRow): Flags {
  return Object.fromEntries(CUSTOMER_ACTIONS.map((action) => [action, row[COLUMN_OF[action]]])) as Flags;
}

/** Column values for an insert; actions the scope lacks are stored false. */
export function columnsOfFlags(scope: PermissionScope, flags: Partial<Flags>) {
  const actions: readonly CustomerAction[] = scope === 'admin' ? ADMIN_ACTIONS : CUSTOMER_ACTIONS;
  return Object.fromEntries(
    CUSTOMER_ACTIONS.map((action) => [COLUMN_OF[action], actions.includes(action) && flags[action] === true]),
  ) as { [K in (typeof COLUMN_OF)[CustomerAction]]: boolean };
}

/** Module id → its flags, limited to the actions of the scope. */
export type FlagMap = Map<number, Flags>;

export function flagMapOf(rows: readonly PermissionRow[]): FlagMap {
  return new Map(rows.map((row) => [row.moduleId, flagsOfRow(row)]));
}

export function anyFlag(flags: Partial<Flags>): boolean {
  return Object.values(flags).some(Boolean);
}

/**
 * Entries in catalogue order, with every action of the scope spelled out. The catalogue is the one of
 * the modules the server was built with (AppContext.scopes): a stored module it lacks is left out.
 */
export function toSetEntries(
  catalogue: ScopeCatalogue,
  scope: PermissionScope,
  map: FlagMap,
): PermissionSetEntry[] {
  const { modules, actions } = catalogue[scope];
  return modules.flatMap((module) => {
    const flags = map.get(module.id);
    if (!flags) return [];
    const permissions = Object.fromEntries(actions.map((action) => [action, flags[action]]));
    return [{ id: module.id, module: module.module, title: module.title, permissions }];
  });
}

export function toAdminEntries(catalogue: ScopeCatalogue, map: FlagMap): AdminPermissionEntry[] {
  return toSetEntries(catalogue, 'admin', map).map((entry) => ({
    ...entry,
    permissions: Object.fromEntries(
      ADMIN_ACTIONS.map((action) => [action, entry.permissions[action] === true]),
    ),
  })) as AdminPermissionEntry[];
}

export function toCustomerEntries(catalogue: ScopeCatalogue, map: FlagMap): CustomerPermissionEntry[] {
  return toSetEntries(catalogue, 'customer', map) as CustomerPermissionEntry[];
}

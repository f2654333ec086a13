export const ADMIN_ACTIONS = ['view', 'insert', 'update', 'delete'] as const;
export type AdminAction = (typeof ADMIN_ACTIONS)[number];

/**
 * The name of an admin permission module. Each feature declares its own (see modules/contract-module.ts);
 * assembling the contract refuses a declaration gated by a name no module declares.
 */
export type AdminModuleName = string;

export type AdminPermissionFlags = Record<AdminAction, boolean>;

/** Stored permission list item (spec section 3): module, title, id and the per-action flags. */
export interface AdminPermissionEntry {
  id: number;
  module: AdminModuleName;
  title: string;
  permissions: AdminPermissionFlags;
}

/**
 * A permission module: what a role or a user is granted actions on. Its id is stored with every grant,
 * so it never changes once released; a new module takes the next free id.
 */
export interface PermissionModule {
  id: number;
  module: string;
  title: string;
}

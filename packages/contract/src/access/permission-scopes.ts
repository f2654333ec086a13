import { ADMIN_ACTIONS, type PermissionModule } from './admin-modules.ts';
import { CUSTOMER_ACTIONS, CUSTOMER_MODULES } from './customer-modules.ts';

// Apart from the permission sets' schemas and free of zod: the role and permission screens read them.

/**
 * Two families of permission sets: staff carry the admin modules (4 flags), customer users (types 3, 4
 * and 5) the customer modules (8 flags). Module ids are only unique within a scope.
 */
export const PERMISSION_SCOPES = ['admin', 'customer'] as const;
export type PermissionScope = (typeof PERMISSION_SCOPES)[number];

/** The modules and actions of each scope, the admin modules being those the contract's modules declare. */
export function scopeCatalogueOf(adminModules: readonly PermissionModule[]) {
  return {
    admin: { modules: adminModules, actions: ADMIN_ACTIONS },
    customer: { modules: CUSTOMER_MODULES, actions: CUSTOMER_ACTIONS },
  } as const;
}
export type ScopeCatalogue = ReturnType<typeof scopeCatalogueOf>;

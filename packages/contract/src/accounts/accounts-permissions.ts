import type { PermissionModule } from '../access/admin-modules.ts';

/**
 * The feature's permission modules, apart from its module's endpoints and free of zod: the permission
 * screen lists them (permission-catalogue.ts).
 */
export const ACCOUNTS_PERMISSIONS: readonly PermissionModule[] = [
  { id: 13, module: 'Account', title: 'Company' },
];

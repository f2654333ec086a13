import type { PermissionModule } from '../access/admin-modules.ts';

/**
 * The feature's permission modules, apart from its module's endpoints and free of zod: the permission
 * screen lists them (permission-catalogue.ts).
 */
export const LOGIN_LOG_PERMISSIONS: readonly PermissionModule[] = [
  { id: 1, module: 'Login', title: 'Login report' },
];

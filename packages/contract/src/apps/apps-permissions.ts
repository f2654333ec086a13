import type { PermissionModule } from '../access/admin-modules.ts';

/**
 * The feature's permission modules, apart from its module's endpoints and free of zod: the permission
 * screen lists them (permission-catalogue.ts).
 */
export const APPS_PERMISSIONS: readonly PermissionModule[] = [
  { id: 37, module: 'Version', title: 'App version' },
  { id: 40, module: 'Platform', title: 'Platform' },
];

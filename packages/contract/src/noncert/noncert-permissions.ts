import type { PermissionModule } from '../access/admin-modules.ts';

/**
 * The feature's permission modules, apart from its module's endpoints and free of zod: the permission
 * screen lists them (permission-catalogue.ts).
 */
export const NONCERT_PERMISSIONS: readonly PermissionModule[] = [
  { id: 6, module: 'NonCert', title: 'Non-certified stones' },
];

import type { PermissionModule } from '../access/admin-modules.ts';

/**
 * The feature's permission modules, apart from its module's endpoints and free of zod: the permission
 * screen lists them (permission-catalogue.ts).
 */
export const SYNC_PERMISSIONS: readonly PermissionModule[] = [
  { id: 50, module: 'Sync Setting', title: 'Sync setting' },
  { id: 201, module: 'sync', title: 'Synchronisation' },
];

import type { PermissionModule } from '../access/admin-modules.ts';

/**
 * The feature's permission modules, apart from its module's endpoints and free of zod: the permission
 * screen lists them (permission-catalogue.ts).
 */
export const NOTIFICATIONS_PERMISSIONS: readonly PermissionModule[] = [
  { id: 36, module: 'Notification Settings', title: 'Notification settings' },
];

import type { PermissionModule } from '../access/admin-modules.ts';

/**
 * The feature's permission modules, apart from its module's endpoints and free of zod: the permission
 * screen lists them (permission-catalogue.ts).
 */
export const USERS_PERMISSIONS: readonly PermissionModule[] = [
  { id: 14, module: 'User', title: 'User' },
  { id: 19, module: 'Guest', title: 'Guest' },
  { id: 202, module: 'UserActive', title: 'Activate and deactivate users' },
  { id: 203, module: 'UserResetpass', title: 'Reset user passwords' },
  { id: 204, module: 'UserPagePermission', title: 'User page permissions' },
];

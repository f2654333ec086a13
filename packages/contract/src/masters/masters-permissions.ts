import type { PermissionModule } from '../access/admin-modules.ts';

/**
 * The feature's permission modules, apart from its module's endpoints and free of zod: the permission
 * screen lists them (permission-catalogue.ts).
 */
export const MASTERS_PERMISSIONS: readonly PermissionModule[] = [
  { id: 10, module: 'Main Masters', title: 'Main masters' },
  { id: 11, module: 'Sub Masters', title: 'Sub masters' },
  { id: 12, module: 'Product Master', title: 'Product master' },
  { id: 17, module: 'Size Masters', title: 'Size master' },
  { id: 20, module: 'Terms', title: 'Terms' },
];

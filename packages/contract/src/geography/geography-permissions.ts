import type { PermissionModule } from '../access/admin-modules.ts';

/**
 * The feature's permission modules, apart from its module's endpoints and free of zod: the permission
 * screen lists them (permission-catalogue.ts).
 */
export const GEOGRAPHY_PERMISSIONS: readonly PermissionModule[] = [
  { id: 21, module: 'Country', title: 'Country' },
  { id: 22, module: 'State', title: 'State' },
  { id: 23, module: 'City', title: 'City' },
];

import type { PermissionModule } from '../access/admin-modules.ts';

/**
 * The feature's permission modules, apart from its module's endpoints and free of zod: the permission
 * screen lists them (permission-catalogue.ts).
 */
export const PARCELS_PERMISSIONS: readonly PermissionModule[] = [
  { id: 25, module: 'Parcel Master', title: 'Parcel master' },
  { id: 26, module: 'Parcel Order', title: 'Parcel order' },
];

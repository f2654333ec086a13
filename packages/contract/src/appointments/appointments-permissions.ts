import type { PermissionModule } from '../access/admin-modules.ts';

/**
 * The feature's permission modules, apart from its module's endpoints and free of zod: the permission
 * screen lists them (permission-catalogue.ts).
 */
export const APPOINTMENTS_PERMISSIONS: readonly PermissionModule[] = [
  { id: 9, module: 'Location', title: 'Location' },
  { id: 33, module: 'Cabin', title: 'Cabin' },
  { id: 34, module: 'Slot', title: 'Slot' },
  { id: 35, module: 'Schedule', title: 'Schedule' },
];

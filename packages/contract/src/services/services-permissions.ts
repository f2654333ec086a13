import type { PermissionModule } from '../access/admin-modules.ts';

/**
 * The feature's permission modules, apart from its module's endpoints and free of zod: the permission
 * screen lists them (permission-catalogue.ts).
 */
export const SERVICES_PERMISSIONS: readonly PermissionModule[] = [
  { id: 18, module: 'Page Tracking', title: 'Page tracking' },
  { id: 42, module: 'Transport', title: 'Transport' },
  { id: 43, module: 'Hospitality', title: 'Hospitality' },
];

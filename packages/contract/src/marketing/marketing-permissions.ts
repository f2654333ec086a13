import type { PermissionModule } from '../access/admin-modules.ts';

/**
 * The feature's permission modules, apart from its module's endpoints and free of zod: the permission
 * screen lists them (permission-catalogue.ts).
 */
export const MARKETING_PERMISSIONS: readonly PermissionModule[] = [
  { id: 5, module: 'Banner', title: 'Banner' },
  { id: 15, module: 'Show', title: 'Show' },
  { id: 16, module: 'Popup', title: 'Popup' },
];

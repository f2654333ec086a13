import type { PermissionModule } from '../access/admin-modules.ts';

/**
 * The feature's permission modules, apart from its module's endpoints and free of zod: the permission
 * screen lists them (permission-catalogue.ts).
 */
export const REPORTS_PERMISSIONS: readonly PermissionModule[] = [
  { id: 38, module: 'Search Summary', title: 'Search summary' },
  { id: 39, module: 'Summary', title: 'Summary' },
  { id: 46, module: 'Layout Search', title: 'Layout search' },
  { id: 47, module: '4 C', title: '4 C search' },
  { id: 48, module: 'Search vs Sold', title: 'Search vs sold' },
  { id: 49, module: 'Hit Counter', title: 'Hit counter' },
];

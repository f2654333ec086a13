import type { PermissionModule } from '../access/admin-modules.ts';

/**
 * The feature's permission modules, apart from its module's endpoints and free of zod: the permission
 * screen lists them (permission-catalogue.ts).
 */
export const FORUM_PERMISSIONS: readonly PermissionModule[] = [
  { id: 2, module: 'Subscribe', title: 'Subscriber' },
  { id: 3, module: 'Contact', title: 'Contact' },
  { id: 4, module: 'Suggestion', title: 'Suggestion' },
  { id: 27, module: 'Feedback', title: 'Feedback' },
  { id: 44, module: 'Career', title: 'Career' },
];

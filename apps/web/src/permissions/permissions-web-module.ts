import type { WebModule } from '../platform/modules/web-module.ts';

export const permissionsWebModule: WebModule = {
  name: 'permissions',
  screens: {
    'permission/:user?/:id?': () => import('./permission-page.tsx').then((module) => module.PermissionPage),
  },
};

import type { WebModule } from '../platform/modules/web-module.ts';

export const rolesWebModule: WebModule = {
  name: 'roles',
  screens: {
    rolemaster: () => import('./role-page.tsx').then((module) => module.RolePage),
  },
};

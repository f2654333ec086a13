import type { WebModule } from '../platform/modules/web-module.ts';

/** Panel users and guests. */
export const usersWebModule: WebModule = {
  name: 'users',
  screens: {
    user: () => import('./user-page.tsx').then((module) => module.UserPage),
    guest: () => import('./guest-page.tsx').then((module) => module.GuestPage),
  },
};

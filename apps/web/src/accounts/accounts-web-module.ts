import type { WebModule } from '../platform/modules/web-module.ts';

export const accountsWebModule: WebModule = {
  name: 'accounts',
  screens: {
    'account-details/:id?': () =>
      import('./account-details-page.tsx').then((module) => module.AccountDetailsPage),
  },
};

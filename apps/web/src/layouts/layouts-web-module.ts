import type { WebModule } from '../platform/modules/web-module.ts';

export const layoutsWebModule: WebModule = {
  name: 'layouts',
  screens: {
    cert: () => import('./layout-list-page.tsx').then((module) => module.LayoutListPage),
    'cert/upsert/:id?': () => import('./layout-form-page.tsx').then((module) => module.LayoutFormPage),
  },
};

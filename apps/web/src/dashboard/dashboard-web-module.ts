import type { WebModule } from '../platform/modules/web-module.ts';

export const dashboardWebModule: WebModule = {
  name: 'dashboard',
  screens: {
    dashboard: () => import('./dashboard-page.tsx').then((module) => module.DashboardPage),
  },
};

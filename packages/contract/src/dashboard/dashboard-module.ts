import { defineModule } from '../modules/contract-module.ts';
import { DASHBOARD_ENDPOINTS } from './dashboard-data.ts';

/**
 * The landing screen every signed-in user may open, and the template pages the legacy panel kept. The
 * spec gates the dashboard by Login: its figures (`apis/dashboard-data/paginate`) are, while the screen
 * stays open to all, since every sign-in lands on it (the old panel sent a user without access to the
 * very screen refusing them); without Login it says whom to ask (docs/dashboard.md).
 */
export const dashboardModule = defineModule({
  name: 'dashboard',
  endpoints: [DASHBOARD_ENDPOINTS],
  screens: [
    {
      path: 'dashboard',
      title: 'Dashboard',
      module: null,
      menu: { group: null, id: 1, name: 'Dashboard', icon: 'dashboard' },
    },
    { path: 'ex', title: 'Example', module: null },
    { path: 'portfolio', title: 'Portfolio', module: null },
  ],
});

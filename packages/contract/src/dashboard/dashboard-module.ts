import { defineModule } from '../modules/contract-module.ts';

/** The landing screen every signed-in user may open, and the template pages the legacy panel kept. */
export const dashboardModule = defineModule({
  name: 'dashboard',
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

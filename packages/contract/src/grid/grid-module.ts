import { defineModule } from '../modules/contract-module.ts';
import { GRID_ENDPOINTS } from './grid.ts';
import { GRID_PERMISSIONS } from './grid-permissions.ts';

/** The columns each user chooses for a list. */
export const gridModule = defineModule({
  name: 'grid',
  permissions: GRID_PERMISSIONS,
  endpoints: [GRID_ENDPOINTS],
  screens: [
    {
      path: 'gridcolumn',
      title: 'Grid column',
      module: 'Grid Column',
      menu: { group: 'Setting', id: 804, name: 'Grid Column' },
    },
  ],
});

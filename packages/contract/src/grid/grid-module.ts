import { defineModule } from '../modules/contract-module.ts';
import { GRID_ENDPOINTS } from './grid.ts';

/** The columns each user chooses for a list. */
export const gridModule = defineModule({
  name: 'grid',
  permissions: [{ id: 53, module: 'Grid Column', title: 'Grid columns' }],
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

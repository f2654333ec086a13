import { defineModule } from '../modules/contract-module.ts';
import { PERMISSION_ENDPOINTS } from './permission-endpoints.ts';

/** The permission sets of roles and the overrides of users. */
export const permissionsModule = defineModule({
  name: 'permissions',
  endpoints: [PERMISSION_ENDPOINTS],
  screens: [
    {
      path: 'permission/:user?/:id?',
      title: 'Permission',
      module: 'User',
      menu: { group: 'Customer', id: 206, name: 'Permissions' },
    },
  ],
});

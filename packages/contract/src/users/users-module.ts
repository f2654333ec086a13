import { defineModule } from '../modules/contract-module.ts';
import { GUEST_ENDPOINTS, USER_ENDPOINTS } from './user-endpoints.ts';

/** Staff and customer users, and the guests who signed up. */
export const usersModule = defineModule({
  name: 'users',
  permissions: [
    { id: 14, module: 'User', title: 'User' },
    { id: 19, module: 'Guest', title: 'Guest' },
    { id: 202, module: 'UserActive', title: 'Activate and deactivate users' },
    { id: 203, module: 'UserResetpass', title: 'Reset user passwords' },
    { id: 204, module: 'UserPagePermission', title: 'User page permissions' },
  ],
  endpoints: [USER_ENDPOINTS, GUEST_ENDPOINTS],
  screens: [
    { path: 'user', title: 'User', module: 'User', menu: { group: 'Customer', id: 202, name: 'User' } },
    { path: 'guest', title: 'Guest', module: 'Guest', menu: { group: 'Customer', id: 204, name: 'Guest' } },
  ],
  auditEntityTypes: ['user'],
});

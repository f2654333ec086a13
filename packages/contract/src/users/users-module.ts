import { defineModule } from '../modules/contract-module.ts';
import { userAuditEntity } from './user-audit.ts';
import { GUEST_ENDPOINTS, USER_ENDPOINTS } from './user-endpoints.ts';
import { USERS_PERMISSIONS } from './users-permissions.ts';

/** Staff and customer users, and the guests who signed up. */
export const usersModule = defineModule({
  name: 'users',
  permissions: USERS_PERMISSIONS,
  endpoints: [USER_ENDPOINTS, GUEST_ENDPOINTS],
  screens: [
    { path: 'user', title: 'User', module: 'User', menu: { group: 'Customer', id: 202, name: 'User' } },
    { path: 'guest', title: 'Guest', module: 'Guest', menu: { group: 'Customer', id: 204, name: 'Guest' } },
  ],
  auditEntityTypes: [userAuditEntity],
});

import { defineModule } from '../modules/contract-module.ts';
import { ROLE_ENDPOINTS } from './role-endpoints.ts';

/** Roles: named permission sets given to users. */
export const rolesModule = defineModule({
  name: 'roles',
  endpoints: [ROLE_ENDPOINTS],
  screens: [{ path: 'rolemaster', title: 'Role master', module: 'User' }],
  auditEntityTypes: ['role'],
});

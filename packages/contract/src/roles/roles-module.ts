import { defineModule } from '../modules/contract-module.ts';
import { roleAuditEntity } from './role-audit.ts';
import { ROLE_ENDPOINTS } from './role-endpoints.ts';

/** Roles: named permission sets given to users. */
export const rolesModule = defineModule({
  name: 'roles',
  endpoints: [ROLE_ENDPOINTS],
  screens: [
    {
      path: 'rolemaster',
      title: 'Role master',
      module: 'User',
      menu: { group: 'Customer', id: 205, name: 'Role master' },
    },
  ],
  auditEntityTypes: [roleAuditEntity],
});

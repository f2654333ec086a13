import { defineAuditEntity } from '../resources/audit-entity.ts';
import { field } from '../resources/fields.ts';

/** How the trail reads a role's entries. */
export const roleAuditEntity = defineAuditEntity({
  name: 'role',
  title: 'Role',
  titleField: 'name',
  table: 'roles',
  fields: {
    name: field.text('Name'),
    description: field.text('Description'),
    scope: field.enum('Scope', [
      { value: 'admin', label: 'Staff' },
      { value: 'customer', label: 'Customer' },
    ]),
    isActive: field.boolean('Active'),
  },
  actions: { 'permission.role': 'Role permissions changed' },
});

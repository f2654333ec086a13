import { USER_TYPE_LABELS } from '../access/user-types.ts';
import { defineAuditEntity } from '../resources/audit-entity.ts';
import { field } from '../resources/fields.ts';

/** How the trail reads a user's entries (user-record.ts on the server writes these fields). */
export const userAuditEntity = defineAuditEntity({
  name: 'user',
  title: 'User',
  titleField: 'name',
  table: 'users',
  fields: {
    name: field.text('Name'),
    username: field.text('Username'),
    type: field.enum(
      'Type',
      Object.entries(USER_TYPE_LABELS).map(([value, label]) => ({ value: Number(value), label })),
    ),
    emails: field.json('E-mails'),
    phones: field.json('Phones'),
    designation: field.text('Designation'),
    roleId: field.reference('Role', 'role'),
    accountId: field.reference('Company', 'account'),
    isActive: field.boolean('Active'),
    expiresAt: field.datetime('Expires'),
    defaultPassword: field.boolean('Must choose a new password'),
  },
  actions: {
    'user.activate': 'User activated',
    'user.deactivate': 'User deactivated',
    'user.reset_password': 'Password reset',
    'user.sync': 'User synchronised',
    'permission.user': 'User permissions changed',
  },
});

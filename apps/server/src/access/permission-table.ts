import type { PermissionScope } from '@facet/contract';
import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { roles } from './role-table.ts';
import { users } from './user-table.ts';

/**
 * One module's flags in a role's set (role_id) or a user's overrides (user_id), never both. Customer
 * modules use all eight flags, admin modules the first four.
 */
export const permissionEntries = pgTable(
  'permission_entries',
  {
    id: uuid().primaryKey().defaultRandom(),
    roleId: uuid().references(() => roles.id, { onDelete: 'cascade' }),
    userId: uuid().references(() => users.id, { onDelete: 'cascade' }),
    scope: text().$type<PermissionScope>().notNull(),
    moduleId: integer().notNull(),
    view: boolean().notNull().default(false),
    insert: boolean().notNull().default(false),
    update: boolean().notNull().default(false),
    delete: boolean().notNull().default(false),
    uploadExcel: boolean().notNull().default(false),
    downloadExcel: boolean().notNull().default(false),
    mailExcel: boolean().notNull().default(false),
    printPdf: boolean().notNull().default(false),
  },
  (table) => [
    check('permission_entries_one_target', sql`(${table.roleId} is null) <> (${table.userId} is null)`),
    check('permission_entries_scope_check', sql`${table.scope} in ('admin', 'customer')`),
    uniqueIndex('permission_entries_role_key')
      .on(table.roleId, table.scope, table.moduleId)
      .where(sql`${table.roleId} is not null`),
    uniqueIndex('permission_entries_user_key')
      .on(table.userId, table.scope, table.moduleId)
      .where(sql`${table.userId} is not null`),
  ],
);

import type { PermissionScope } from '@facet/contract';
import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../db/columns.ts';

/**
 * A named permission set. `permissionsVersion` moves on every change of its set or state, so cached
 * effective permissions keyed by it can never be stale.
 */
export const roles = pgTable(
  'roles',
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    description: text(),
    scope: text().$type<PermissionScope>().notNull(),
    isActive: boolean().notNull().default(true),
    permissionsVersion: integer().notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('roles_name_lower_key').on(sql`lower(${table.name})`),
    check('roles_scope_check', sql`${table.scope} in ('admin', 'customer')`),
  ],
);

import type { RoleRecord } from '@facet/contract';
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import type { roles } from './role-table.ts';
import { users } from './user-table.ts';

export type RoleRow = typeof roles.$inferSelect;

/** Users (not deleted) holding each role, as a correlated count usable in select and order by. */
export const userCountOf = sql<number>`(select count(*)::int from "users" as "holder" where "holder"."role_id" = "roles"."id" and "holder"."deleted_at" is null)`;

export function toRoleRecord(row: RoleRow, userCount: number): RoleRecord {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    scope: row.scope,
    isActive: row.isActive,
    userCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The fields an audit entry shows for a role. */
export function roleAuditFields(row: RoleRow): Record<string, unknown> {
  return { name: row.name, description: row.description, scope: row.scope, isActive: row.isActive };
}

export async function countRoleUsers(db: Db, roleId: string): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(users)
    .where(and(eq(users.roleId, roleId), isNull(users.deletedAt)));
  return row?.value ?? 0;
}

import type { PaginateResult, UserRecord, UserType, userPaginateSchema } from '@facet/contract';
import { and, count, desc, eq, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { roles } from '../access/role-table.ts';
import { users } from '../access/user-table.ts';
import type { Db } from '../db/client.ts';
import { likePattern, pageOf, sortOrder } from '../db/paging.ts';
import { toUserRecord } from './user-record.ts';

export type UserPaginateRequest = z.output<typeof userPaginateSchema>;

/** Name, username, any e-mail or any phone contains the text, case-insensitively and literally. */
function searchCondition(text: string): SQL | undefined {
  const pattern = likePattern(text);
  return or(
    ilike(users.name, pattern),
    ilike(users.username, pattern),
    // Written out qualified: drizzle leaves columns in raw SQL unqualified.
    sql`exists (select 1 from unnest("users"."emails_lower") as e(value) where e.value ilike ${pattern})`,
    sql`exists (select 1 from jsonb_array_elements("users"."phones") as p where p->>'value' ilike ${pattern})`,
  );
}

/** Lists users not deleted; `types` narrows the list (the guest screen passes the guest types). */
export async function paginateUsers(
  db: Db,
  request: UserPaginateRequest,
  types?: readonly UserType[],
): Promise<PaginateResult<UserRecord>> {
  const filter = request.filter ?? {};
  const wanted =
    filter.type === undefined ? undefined : Array.isArray(filter.type) ? filter.type : [filter.type];
  const where = and(
    isNull(users.deletedAt),
    types ? inArray(users.type, [...types]) : undefined,
    wanted ? inArray(users.type, wanted) : undefined,
    filter.roleId ? eq(users.roleId, filter.roleId) : undefined,
    filter.accountId ? eq(users.accountId, filter.accountId) : undefined,
    filter.isActive !== undefined ? eq(users.isActive, filter.isActive) : undefined,
    request.search ? searchCondition(request.search) : undefined,
  );
  const { limit, offset } = pageOf(request);
  const order = sortOrder(
    request.sort,
    {
      name: users.name,
      username: users.usernameLower,
      type: users.type,
      createdAt: users.createdAt,
      lastLoginAt: users.lastLoginAt,
      expiresAt: users.expiresAt,
    },
    [desc(users.createdAt)],
    users.id,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ user: users, roleName: roles.name })
      .from(users)
      .leftJoin(roles, eq(roles.id, users.roleId))
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset),
    db.select({ value: count() }).from(users).where(where),
  ]);
  return { list: rows.map((row) => toUserRecord(row.user, row.roleName)), count: total?.value ?? 0 };
}

export async function readUserRecord(db: Db, id: string): Promise<UserRecord | undefined> {
  const [row] = await db
    .select({ user: users, roleName: roles.name })
    .from(users)
    .leftJoin(roles, eq(roles.id, users.roleId))
    .where(and(eq(users.id, id), isNull(users.deletedAt)));
  return row ? toUserRecord(row.user, row.roleName) : undefined;
}

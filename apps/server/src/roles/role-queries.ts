import {
  type PaginateResult,
  type RoleRecord,
  type rolePaginateSchema,
  USER_MESSAGES,
} from '@facet/contract';
import { and, count, desc, eq, ilike } from 'drizzle-orm';
import type { z } from 'zod';
import { toRoleRecord, userCountOf } from '../access/role-record.ts';
import { roles } from '../access/role-table.ts';
import type { Db } from '../db/client.ts';
import { likePattern, pageOf, sortOrder } from '../db/paging.ts';
import { HttpError } from '../http/envelope.ts';

/** A role with the count of its users; a 404 when it does not exist. */
export async function readRole(db: Db, id: string): Promise<RoleRecord> {
  const [row] = await db.select({ role: roles, userCount: userCountOf }).from(roles).where(eq(roles.id, id));
  if (!row) throw new HttpError('E_NOT_FOUND', USER_MESSAGES.roleNotFound);
  return toRoleRecord(row.role, row.userCount);
}

export async function rolePage(
  db: Db,
  body: z.output<typeof rolePaginateSchema>,
): Promise<PaginateResult<RoleRecord>> {
  const where = and(
    body.filter?.scope ? eq(roles.scope, body.filter.scope) : undefined,
    body.filter?.isActive !== undefined ? eq(roles.isActive, body.filter.isActive) : undefined,
    body.search ? ilike(roles.name, likePattern(body.search)) : undefined,
  );
  const { limit, offset } = pageOf(body);
  const order = sortOrder(
    body.sort,
    { name: roles.name, createdAt: roles.createdAt, userCount: userCountOf },
    [desc(roles.createdAt)],
    roles.id,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ role: roles, userCount: userCountOf })
      .from(roles)
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset),
    db.select({ value: count() }).from(roles).where(where),
  ]);
  return {
    list: rows.map((row) => toRoleRecord(row.role, row.userCount)),
    count: total?.value ?? 0,
  };
}

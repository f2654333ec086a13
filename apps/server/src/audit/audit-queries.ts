import type { AuditEntry, auditPaginateSchema, PaginateResult } from '@facet/contract';
import { and, asc, count, desc, eq, gte, inArray, lt, or, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { users } from '../access/user-table.ts';
import type { Db } from '../db/client.ts';
import { toAuditEntry } from '../resources/audit-entry.ts';
import { withNames } from '../resources/audit-names.ts';
import { auditLogs } from '../resources/audit-table.ts';

type AuditPaginateRequest = z.output<typeof auditPaginateSchema>;

function whereOf(request: AuditPaginateRequest): SQL | undefined {
  const filter = request.filter ?? {};
  return and(
    filter.userId
      ? or(eq(auditLogs.subjectUserId, filter.userId), eq(auditLogs.actorId, filter.userId))
      : undefined,
    filter.actorId ? eq(auditLogs.actorId, filter.actorId) : undefined,
    filter.entityType ? eq(auditLogs.entityType, filter.entityType) : undefined,
    filter.entityId ? eq(auditLogs.entityId, filter.entityId) : undefined,
    filter.action
      ? inArray(auditLogs.action, Array.isArray(filter.action) ? filter.action : [filter.action])
      : undefined,
    filter.from ? gte(auditLogs.createdAt, new Date(filter.from)) : undefined,
    filter.to ? lt(auditLogs.createdAt, new Date(filter.to)) : undefined,
  );
}

/** One page of the trail with each actor's name, newest first unless sorted. */
export async function auditPage(db: Db, request: AuditPaginateRequest): Promise<PaginateResult<AuditEntry>> {
  const where = whereOf(request);
  const direction = request.sort?.createdAt?.toLowerCase() === 'asc' ? asc : desc;
  const [rows, [total]] = await Promise.all([
    db
      .select({ entry: auditLogs, actorName: users.name })
      .from(auditLogs)
      .leftJoin(users, eq(users.id, auditLogs.actorId))
      .where(where)
      .orderBy(direction(auditLogs.createdAt), direction(auditLogs.id))
      .limit(request.limit)
      .offset((request.page - 1) * request.limit),
    db.select({ value: count() }).from(auditLogs).where(where),
  ]);
  const list = rows.map(({ entry, actorName }) => toAuditEntry(entry, actorName));
  return { list: await withNames(db, list), count: total?.value ?? 0 };
}

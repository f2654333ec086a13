import { AUDIT_ENDPOINTS, type auditPaginateSchema } from '@facet/contract';
import { and, asc, count, desc, eq, gte, inArray, lt, or, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../app-context.ts';
import { auditLogs, users } from '../db/schema.ts';
import { ok } from '../http/envelope.ts';
import { implement } from '../http/route.ts';
import { toAuditEntry } from './audit-entry.ts';

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

/** The trail of user, role and permission changes: super admins only, whatever their modules say. */
export function auditRoutes(ctx: AppContext) {
  return [
    implement(AUDIT_ENDPOINTS.paginate, async ({ body }) => {
      const where = whereOf(body);
      const direction = body.sort?.createdAt?.toLowerCase() === 'asc' ? asc : desc;
      const [rows, [total]] = await Promise.all([
        ctx.db
          .select({ entry: auditLogs, actorName: users.name })
          .from(auditLogs)
          .leftJoin(users, eq(users.id, auditLogs.actorId))
          .where(where)
          .orderBy(direction(auditLogs.createdAt), direction(auditLogs.id))
          .limit(body.limit)
          .offset((body.page - 1) * body.limit),
        ctx.db.select({ value: count() }).from(auditLogs).where(where),
      ]);
      const list = rows.map(({ entry, actorName }) => toAuditEntry(entry, actorName));
      return ok('Audit trail.', { list, count: total?.value ?? 0 });
    }),
  ];
}

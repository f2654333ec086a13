import type { AuditEntry } from '@facet/contract';
import type { auditLogs } from './audit-table.ts';

/** A stored trail row as the contract answers it, with the actor's name; withNames adds the others. */
export function toAuditEntry(entry: typeof auditLogs.$inferSelect, actorName: string | null): AuditEntry {
  return {
    id: entry.id,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId,
    actorId: entry.actorId,
    actorName,
    before: entry.before,
    after: entry.after,
    names: {},
    ip: entry.ip,
    userAgent: entry.userAgent,
    createdAt: entry.createdAt.toISOString(),
  };
}

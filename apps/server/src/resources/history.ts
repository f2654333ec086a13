import type { AuditEntry, ResourceSpec } from '@facet/contract';
import { and, desc, eq } from 'drizzle-orm';
import { users } from '../access/user-table.ts';
import type { Db } from '../db/client.ts';
import { toAuditEntry } from './audit-entry.ts';
import { withNames } from './audit-names.ts';
import { auditLogs } from './audit-table.ts';

/** A record keeps at most this many entries on its form; the audit paginate reaches older ones. */
const HISTORY_LIMIT = 500;

/** The trail of one record, newest first (deleted records keep theirs: that is why deletes are soft). */
export async function recordHistory(db: Db, resource: ResourceSpec, id: string): Promise<AuditEntry[]> {
  const rows = await db
    .select({ entry: auditLogs, actorName: users.name })
    .from(auditLogs)
    .leftJoin(users, eq(users.id, auditLogs.actorId))
    .where(and(eq(auditLogs.entityType, resource.name), eq(auditLogs.entityId, id)))
    .orderBy(desc(auditLogs.createdAt), desc(auditLogs.id))
    .limit(HISTORY_LIMIT);
  return withNames(
    db,
    rows.map(({ entry, actorName }) => toAuditEntry(entry, actorName)),
  );
}

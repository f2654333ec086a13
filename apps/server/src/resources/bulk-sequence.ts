import { RESOURCE_MESSAGES, type ResourceSpec } from '@facet/contract';
import { and, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { snakeCase } from '../db/table-of.ts';
import { tableFor } from '../db/tables.ts';
import { fieldError, HttpError } from '../http/envelope.ts';
import { type Actor, type AuditChange, recordAudits } from './audit-log.ts';
import { columnOf } from './columns.ts';

/**
 * Saves a dragged order in one transaction and one UPDATE: any unknown (or deleted) id refuses the
 * whole list, so a stale screen can never half-apply its order.
 */
export async function saveSequence(
  db: Db,
  actor: Actor,
  resource: ResourceSpec,
  list: readonly { id: string; sequence: number }[],
): Promise<void> {
  const field = resource.sequenceField;
  if (!field) throw new Error(`${resource.name} has no sequence field`);
  const ids = list.map((item) => item.id);
  if (new Set(ids).size !== ids.length) throw fieldError('list', 'Each record may appear once.');
  const table = tableFor(resource);
  const id = columnOf(table, 'id');
  const sequence = columnOf(table, field);
  await db.transaction(async (tx) => {
    const rows = await tx
      .select({ id, sequence })
      .from(table)
      .where(and(inArray(id, ids), isNull(columnOf(table, 'deletedAt'))))
      .for('update');
    if (rows.length !== ids.length) throw new HttpError('E_NOT_FOUND', RESOURCE_MESSAGES.notFound);
    const before = new Map(rows.map((row) => [row.id as string, row.sequence as number | null]));
    const moved = list.filter((item) => before.get(item.id) !== item.sequence);
    if (moved.length === 0) return;
    const pairs = sql.join(
      moved.map((item) => sql`(cast(${item.id} as uuid), cast(${item.sequence} as integer))`),
      sql`, `,
    );
    await tx.execute(sql`update ${sql.identifier(resource.table)} as t
      set ${sql.identifier(snakeCase(field))} = v.sequence, updated_at = now(), updated_by = ${actor.auth.user.id}
      from (values ${pairs}) as v(id, sequence) where t.id = v.id`);
    const changes: AuditChange[] = moved.map((item) => ({
      action: `${resource.name}.sequence`,
      entityType: resource.name,
      entityId: item.id,
      subjectUserId: null,
      before: { [field]: before.get(item.id) ?? null },
      after: { [field]: item.sequence },
    }));
    await recordAudits(tx, actor, changes);
  });
}

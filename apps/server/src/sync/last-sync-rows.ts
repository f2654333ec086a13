import { lastSyncResource, SYNC_ENTITIES, type SyncEntity, type SyncResult } from '@facet/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { lastSyncs } from '../db/resource-tables.ts';
import type { Actor } from '../resources/audit-log.ts';
import { columnOf } from '../resources/columns.ts';
import type { WriteTarget } from '../resources/domain-hooks.ts';
import { updateRecord } from '../resources/writes.ts';

/**
 * One Sync Setting row per entity, added at every start for entities that have none yet (the unique
 * entity index makes a second instance's insert a no-op).
 */
export async function ensureLastSyncRows(db: Db): Promise<void> {
  await db
    .insert(lastSyncs)
    .values(
      SYNC_ENTITIES.map((entity, index) => ({
        entity: entity.value,
        sequence: index + 1,
        lastStatus: 'never',
        isEnabled: true,
      })),
    )
    .onConflictDoNothing();
}

export interface LastSyncRow {
  id: string;
  isEnabled: boolean;
}

export async function lastSyncRowOf(db: Db, entity: SyncEntity): Promise<LastSyncRow> {
  const read = () =>
    db
      .select({ id: columnOf(lastSyncs, 'id'), isEnabled: columnOf(lastSyncs, 'isEnabled') })
      .from(lastSyncs)
      .where(and(eq(columnOf(lastSyncs, 'entity'), entity), isNull(columnOf(lastSyncs, 'deletedAt'))));
  let [row] = await read();
  if (!row) {
    await ensureLastSyncRows(db);
    [row] = await read();
  }
  if (!row) throw new Error(`no last-sync row for ${entity}`);
  return { id: row.id as string, isEnabled: row.isEnabled as boolean };
}

/** The row's account of a run that applied the list (some records may have been rejected). */
export async function recordAppliedRun(
  target: WriteTarget,
  actor: Actor,
  rowId: string,
  result: SyncResult,
  message: string,
): Promise<void> {
  const now = new Date().toISOString();
  await updateRecord(
    target,
    actor,
    lastSyncResource,
    rowId,
    {
      lastStatus: result.rejected.length > 0 ? 'partial' : 'success',
      lastRunAt: now,
      lastSyncedAt: now,
      receivedCount: result.received,
      createdCount: result.created,
      updatedCount: result.updated,
      unchangedCount: result.unchanged,
      rejectedCount: result.rejected.length,
      lastMessage: message.slice(0, 4000),
      lastRunBy: actor.auth.user.name,
    },
    'sync',
  );
}

/**
 * A run that changed nothing: the source failed, or the run did. The time and counts of the last run
 * that applied its list stay.
 */
export async function recordFailedRun(
  target: WriteTarget,
  actor: Actor,
  rowId: string,
  message: string,
): Promise<void> {
  await updateRecord(
    target,
    actor,
    lastSyncResource,
    rowId,
    {
      lastStatus: 'failed',
      lastRunAt: new Date().toISOString(),
      lastMessage: message.slice(0, 4000),
      lastRunBy: actor.auth.user.name,
    },
    'sync',
  );
}

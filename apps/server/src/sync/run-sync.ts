import { MESSAGES, SYNC_MESSAGES, type SyncEntity, type SyncResult, syncEntityLabel } from '@facet/contract';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../app-context.ts';
import { LOCK_SPACES } from '../db/lock-keys.ts';
import { HttpError } from '../http/envelope.ts';
import type { Actor } from '../resources/audit-log.ts';
import { lastSyncRowOf, recordAppliedRun, recordFailedRun } from './last-sync-rows.ts';
import { SYNC_HANDLERS } from './registry.ts';
import { fetchSourceList } from './source-client.ts';
import { SyncOutcome, type SyncRun } from './sync-run.ts';

/** One line for the Sync Setting row: the counts, and the first rejection (the answer lists all). */
function summaryOf(label: string, result: SyncResult): string {
  const counts = `${result.received} received, ${result.created} created, ${result.updated} updated, ${result.unchanged} unchanged, ${result.rejected.length} rejected.`;
  const [first] = result.rejected;
  if (!first) return `${SYNC_MESSAGES.done(label)} ${counts}`;
  const why = first.errors
    .map((error) => (error.field ? `${error.field}: ${error.message}` : error.message))
    .join(' ');
  // Counted from 1, as the panel shows records.
  const which = `record ${first.index + 1}${first.key ? ` (${first.key})` : ''}`;
  return `${SYNC_MESSAGES.done(label)} ${counts} First rejected: ${which}, ${why}`;
}

/**
 * One synchronisation of one entity: reads the stock system's list first (no transaction open while
 * waiting on it), then applies it in ONE transaction under an advisory lock per entity, so two runs of
 * the same entity (on any instances sharing the database) queue instead of interleaving. The entity's
 * last-sync row is written in that transaction; a failed run is noted on it afterwards.
 */
export async function runSync(ctx: AppContext, actor: Actor, entity: SyncEntity): Promise<SyncResult> {
  const label = syncEntityLabel(entity);
  const url = ctx.config.syncSourceUrl;
  if (!url) throw new HttpError('E_BAD_REQUEST', SYNC_MESSAGES.notConfigured);
  const row = await lastSyncRowOf(ctx.db, entity);
  if (!row.isEnabled) throw new HttpError('E_BAD_REQUEST', SYNC_MESSAGES.turnedOff(label));
  try {
    const records = await fetchSourceList({ url, token: ctx.config.syncToken }, entity);
    return await ctx.db.transaction(async (tx) => {
      await tx.execute(
        sql`select pg_advisory_xact_lock(${LOCK_SPACES.sync}::int, hashtext(${entity}::text))`,
      );
      const run: SyncRun = {
        tx,
        resourceHooks: ctx.resourceHooks,
        actor,
        outcome: new SyncOutcome(),
        found: new Map(),
      };
      await SYNC_HANDLERS[entity].apply(run, records);
      const { created, updated, unchanged, rejected } = run.outcome;
      const result: SyncResult = {
        entity,
        received: records.length,
        created,
        updated,
        unchanged,
        rejected: [...rejected].sort((a, b) => a.index - b.index),
      };
      await recordAppliedRun(
        { db: tx, resourceHooks: ctx.resourceHooks },
        actor,
        row.id,
        result,
        summaryOf(label, result),
      );
      return result;
    });
  } catch (error) {
    const message = error instanceof HttpError ? error.message : MESSAGES.contactAdmin;
    await recordFailedRun(ctx, actor, row.id, message).catch((failure: unknown) =>
      ctx.log.error({ err: failure }, 'could not note a failed synchronisation'),
    );
    throw error;
  }
}

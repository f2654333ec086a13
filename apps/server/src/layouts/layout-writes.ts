import {
  LAYOUT_MESSAGES,
  type LayoutCreateRequest,
  type LayoutUpdateRequest,
  layoutResource,
  RESOURCE_MESSAGES,
  type ResourceAuditVerb,
} from '@facet/contract';
import { and, asc, eq, inArray, isNull, ne, notInArray, sql } from 'drizzle-orm';
import { type Db, pgErrorCode, UNIQUE_VIOLATION } from '../db/client.ts';
import { layoutMasters, stones } from '../db/resource-tables.ts';
import { fieldError, HttpError } from '../http/envelope.ts';
import { type Actor, type AuditChange, changedFields, recordAudit } from '../resources/audit-log.ts';
import { columnOf } from '../resources/columns.ts';
import { layoutStones, layouts } from './layout-tables.ts';

type LayoutRow = typeof layouts.$inferSelect;

/** The layout's own fields, as the trail records them. */
const FIELDS = ['layoutNumber', 'name', 'layoutMasterId', 'description', 'remarks', 'isActive'] as const;
type LayoutFields = Pick<LayoutRow, (typeof FIELDS)[number]>;

const stoneId = columnOf(stones, 'id');
const stockNumber = columnOf(stones, 'stockNumber');
const stoneDeletedAt = columnOf(stones, 'deletedAt');

function fieldsOf(row: LayoutFields): Record<string, unknown> {
  return Object.fromEntries(FIELDS.map((key) => [key, row[key] ?? null]));
}

/** A layout change for the trail: entity `layout`, its stones as stock numbers in order. */
export function layoutAudit(
  verb: ResourceAuditVerb,
  id: string,
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): AuditChange {
  return {
    action: `${layoutResource.name}.${verb}`,
    entityType: layoutResource.name,
    entityId: id,
    subjectUserId: null,
    before,
    after,
  };
}

/** The live layout, locked for the rest of the transaction; a 404 otherwise. */
export async function lockLayout(tx: Db, id: string): Promise<LayoutRow> {
  const [row] = await tx
    .select()
    .from(layouts)
    .where(and(eq(layouts.id, id), isNull(layouts.deletedAt)))
    .for('update');
  if (!row) throw new HttpError('E_NOT_FOUND', LAYOUT_MESSAGES.notFound);
  return row;
}

/** Stock numbers of the layout's live stones, in its order. */
async function stockNumbersOf(tx: Db, layoutId: string): Promise<string[]> {
  const rows = await tx
    .select({ stockNumber })
    .from(layoutStones)
    .innerJoin(stones, eq(stoneId, layoutStones.stoneId))
    .where(and(eq(layoutStones.layoutId, layoutId), isNull(stoneDeletedAt)))
    .orderBy(asc(layoutStones.position));
  return rows.map((row) => row.stockNumber as string);
}

async function assertMasterLive(tx: Db, id: string | null | undefined): Promise<void> {
  if (!id) return;
  const [row] = await tx
    .select({ id: columnOf(layoutMasters, 'id') })
    .from(layoutMasters)
    .where(and(eq(columnOf(layoutMasters, 'id'), id), isNull(columnOf(layoutMasters, 'deletedAt'))))
    // Held until commit: a delete of the master waits for this write and then sees it (assertNotInUse).
    .for('key share');
  if (!row) throw fieldError('layoutMasterId', RESOURCE_MESSAGES.invalidReference('Layout master'));
}

function duplicateNumber(): HttpError {
  const message = RESOURCE_MESSAGES.duplicate('Layout #');
  return new HttpError('E_CONFLICT', message, { errors: [{ field: 'layoutNumber', message }] });
}

/** Layout numbers are unique among live layouts, ignoring case (as the unique index). */
async function assertNumberFree(tx: Db, layoutNumber: string, self?: string): Promise<void> {
  const [row] = await tx
    .select({ id: layouts.id })
    .from(layouts)
    .where(
      and(
        sql`lower(${layouts.layoutNumber}) = lower(${layoutNumber})`,
        isNull(layouts.deletedAt),
        self ? ne(layouts.id, self) : undefined,
      ),
    )
    .limit(1);
  if (row) throw duplicateNumber();
}

/**
 * The asked stones, in the asked order without repeats, as stock numbers: each must be a live stone
 * and in no other layout (a 400 and a 409 naming them otherwise).
 */
async function claimStones(tx: Db, layoutId: string | null, ids: readonly string[]): Promise<string[]> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return [];
  const found = await tx
    .select({ id: stoneId, stockNumber, layoutId: layoutStones.layoutId, layoutNumber: layouts.layoutNumber })
    .from(stones)
    .leftJoin(layoutStones, eq(layoutStones.stoneId, stoneId))
    .leftJoin(layouts, eq(layouts.id, layoutStones.layoutId))
    .where(and(inArray(stoneId, wanted), isNull(stoneDeletedAt)));
  const byId = new Map(found.map((row) => [row.id as string, row]));
  const missing = wanted.filter((id) => !byId.has(id)).length;
  if (missing > 0) throw fieldError('stoneIds', LAYOUT_MESSAGES.stonesNotFound(missing));
  for (const id of wanted) {
    const row = byId.get(id);
    if (row?.layoutId && row.layoutId !== layoutId) {
      const message = LAYOUT_MESSAGES.stoneTaken(String(row.stockNumber), row.layoutNumber ?? '');
      throw new HttpError('E_CONFLICT', message, { errors: [{ field: 'stoneIds', message }] });
    }
  }
  return wanted.map((id) => String(byId.get(id)?.stockNumber));
}

/** The layout holds exactly these stones, in this order; stones staying keep when they were added. */
async function setStones(tx: Db, layoutId: string, ids: readonly string[], userId: string): Promise<void> {
  const wanted = [...new Set(ids)];
  await tx
    .delete(layoutStones)
    .where(
      and(
        eq(layoutStones.layoutId, layoutId),
        wanted.length ? notInArray(layoutStones.stoneId, wanted) : undefined,
      ),
    );
  if (wanted.length === 0) return;
  await tx
    .insert(layoutStones)
    .values(wanted.map((id, position) => ({ layoutId, stoneId: id, position, addedBy: userId })))
    .onConflictDoUpdate({
      target: [layoutStones.layoutId, layoutStones.stoneId],
      set: { position: sql`excluded.position` },
    });
}

/** The constraint a failed query broke, looking through drizzle's wrapper. */
function violatedConstraint(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 3 && current && typeof current === 'object'; depth += 1) {
    const constraint = (current as { constraint?: unknown }).constraint;
    if (typeof constraint === 'string') return constraint;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * Two writers passing the checks at once: the unique indexes decide, answered as the checks would
 * (a stone claimed meanwhile by another layout, or the number taken meanwhile).
 */
function asConflict(error: unknown): unknown {
  if (pgErrorCode(error) !== UNIQUE_VIOLATION) return error;
  if (violatedConstraint(error) === 'layouts_layout_number_live_key') return duplicateNumber();
  const message = 'A stone of this layout was just put in another layout; reload the stones and try again.';
  return new HttpError('E_CONFLICT', message, { errors: [{ field: 'stoneIds', message }] });
}

export async function createLayout(db: Db, actor: Actor, body: LayoutCreateRequest): Promise<string> {
  const user = actor.auth.user.id;
  try {
    return await db.transaction(async (tx) => {
      await assertMasterLive(tx, body.layoutMasterId);
      await assertNumberFree(tx, body.layoutNumber);
      const numbers = await claimStones(tx, null, body.stoneIds);
      const [row] = await tx
        .insert(layouts)
        .values({
          layoutNumber: body.layoutNumber,
          name: body.name,
          layoutMasterId: body.layoutMasterId ?? null,
          description: body.description ?? null,
          remarks: body.remarks ?? null,
          isActive: body.isActive ?? true,
          createdBy: user,
          updatedBy: user,
        })
        .returning();
      if (!row) throw new Error('insert returned no row');
      await setStones(tx, row.id, body.stoneIds, user);
      await recordAudit(
        tx,
        actor,
        layoutAudit('create', row.id, null, { ...fieldsOf(row), stones: numbers }),
      );
      return row.id;
    });
  } catch (error) {
    throw asConflict(error);
  }
}

/**
 * Writes the given fields and, when `stoneIds` is given, the whole list of stones; records what
 * changed (stones as stock numbers). Nothing changed: nothing written.
 */
export async function updateLayout(
  db: Db,
  actor: Actor,
  id: string,
  body: LayoutUpdateRequest,
): Promise<void> {
  const user = actor.auth.user.id;
  try {
    await db.transaction(async (tx) => {
      const current = await lockLayout(tx, id);
      const before: Record<string, unknown> = { ...fieldsOf(current), stones: await stockNumbersOf(tx, id) };
      const { stoneIds, ...fields } = body;
      const written = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
      const proposed: Record<string, unknown> = { ...fieldsOf(current), ...written, stones: before.stones };
      if (proposed.layoutMasterId !== before.layoutMasterId)
        await assertMasterLive(tx, fields.layoutMasterId);
      if (fields.layoutNumber !== undefined && fields.layoutNumber !== current.layoutNumber) {
        await assertNumberFree(tx, fields.layoutNumber, id);
      }
      if (stoneIds) proposed.stones = await claimStones(tx, id, stoneIds);
      const changes = changedFields(before, proposed);
      if (!changes) return;
      const { stones: _stones, ...own } = proposed;
      await tx
        .update(layouts)
        .set({ ...(own as Partial<LayoutFields>), updatedAt: new Date(), updatedBy: user })
        .where(eq(layouts.id, id));
      if (stoneIds) await setStones(tx, id, stoneIds, user);
      await recordAudit(tx, actor, layoutAudit('update', id, changes.before, changes.after));
    });
  } catch (error) {
    throw asConflict(error);
  }
}

/** Soft: the layout and its history stay, out of the lists; its stones are free for other layouts. */
export async function deleteLayout(db: Db, actor: Actor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await lockLayout(tx, id);
    const before = { ...fieldsOf(current), stones: await stockNumbersOf(tx, id) };
    await tx.delete(layoutStones).where(eq(layoutStones.layoutId, id));
    await tx
      .update(layouts)
      .set({ deletedAt: new Date(), updatedAt: new Date(), updatedBy: actor.auth.user.id })
      .where(eq(layouts.id, id));
    await recordAudit(tx, actor, layoutAudit('delete', id, before, null));
  });
}

import {
  type FieldSpec,
  RESOURCE_MESSAGES,
  type ResourceAuditVerb,
  type ResourceSpec,
  rangeErrors,
  STAFF_USER_TYPES,
} from '@facet/contract';
import { and, eq, inArray, isNull, ne, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { users } from '../access/user-table.ts';
import { type Db, pgErrorCode, UNIQUE_VIOLATION } from '../db/client.ts';
import { masters } from '../db/resource-tables.ts';
import { tableFor } from '../db/tables.ts';
import { fieldError, HttpError } from '../http/envelope.ts';
import { type Actor, changedFields, recordAudit } from './audit-log.ts';
import { columnOf, isUserReference, referencedResource, toRecord } from './columns.ts';
import {
  type AfterCommit,
  hooksOf,
  ownsItsCommit,
  prepareWrite,
  type WriteTarget,
  type WrittenChange,
} from './domain-hooks.ts';
import { assertNotInUse, type UsageContext } from './record-usage.ts';
import { toggleStamps } from './stamps.ts';
import { lockRow, updateRow } from './write-statements.ts';

const FOREIGN_KEY_VIOLATION = '23503';
const STILL_REFERENCED = 'This record is still used by other records.';

/** Field values as the trail records them: the declared fields only, dates as ISO strings. */
export function fieldValues(resource: ResourceSpec, row: Record<string, unknown>): Record<string, unknown> {
  const record = toRecord(row);
  return Object.fromEntries(Object.keys(resource.fields).map((key) => [key, record[key] ?? null]));
}

/** A payload value as the column takes it. */
function columnValue(spec: FieldSpec, value: unknown): unknown {
  if (value === null || value === undefined) return value;
  if (spec.kind === 'datetime') return new Date(value as string);
  return value;
}

function toColumns(resource: ResourceSpec, values: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(values)
      .filter(([key]) => key in resource.fields)
      .map(([key, value]) => [key, columnValue(resource.fields[key] as FieldSpec, value)]),
  );
}

/**
 * Whether a reference may point at `id`: a live row of the referenced resource; for a `masterCode`
 * reference, a value (sub-master) of the main master with that code; for a user reference, an active
 * staff user (super admin, admin or employee) who is not deleted. Only a changed value is checked, so a
 * record keeps a sales person who has since left.
 */
async function isLiveTarget(tx: Db, spec: FieldSpec, id: string): Promise<boolean> {
  if (isUserReference(spec)) {
    const [user] = await tx
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          eq(users.id, id),
          eq(users.isActive, true),
          isNull(users.deletedAt),
          inArray(users.type, [...STAFF_USER_TYPES]),
        ),
      );
    return user !== undefined;
  }
  const table = tableFor(referencedResource(spec));
  const live = and(eq(columnOf(table, 'id'), id), isNull(columnOf(table, 'deletedAt')));
  // `for key share` waits for a delete of the row under way (which holds it `for update`, see
  // assertNotInUse) and then reads it as that delete left it: a reference never lands on a deleted row.
  if (spec.masterCode === undefined) {
    const [row] = await tx
      .select({ id: columnOf(table, 'id') })
      .from(table)
      .where(live)
      .for('key share');
    return row !== undefined;
  }
  const parent = alias(masters, 'parent');
  const [row] = await tx
    .select({ id: columnOf(table, 'id') })
    .from(table)
    .innerJoin(parent, eq(columnOf(parent, 'id'), columnOf(table, 'parentId')))
    .where(
      and(
        live,
        isNull(columnOf(parent, 'parentId')),
        isNull(columnOf(parent, 'deletedAt')),
        eq(sql`lower(${columnOf(parent, 'code')})`, spec.masterCode.toLowerCase()),
      ),
    )
    .for('key share', { of: table });
  return row !== undefined;
}

/** Every reference set must point at a row it may point at: a 400 on the field otherwise. */
async function assertReferencesLive(tx: Db, resource: ResourceSpec, values: Record<string, unknown>) {
  for (const [key, value] of Object.entries(values)) {
    const spec = resource.fields[key];
    if (spec?.kind !== 'reference' || value === null || value === undefined) continue;
    if (!(await isLiveTarget(tx, spec, value as string))) {
      throw fieldError(key, RESOURCE_MESSAGES.invalidReference(spec.label));
    }
  }
}

/**
 * A declared range whose end is below its start (ResourceSpec `ranges`): a 400 on the end's field (the
 * start's, when an update writes only the start). On an
 * update only the ranges it writes an end of, so a toggle never trips over a range stored before the rule.
 */
function assertRangesInOrder(
  resource: ResourceSpec,
  values: Record<string, unknown>,
  written: Record<string, unknown> = values,
): void {
  const ranges = resource.ranges?.filter((range) => range.from in written || range.to in written);
  // The refusal stands on a field the caller sent: the start, when only the start was written.
  const onWritten = (field: string) =>
    field in written ? field : (ranges?.find((range) => range.to === field)?.from ?? field);
  const errors = rangeErrors({ ...resource, ranges }, values).map((error) => ({
    ...error,
    field: onWritten(error.field),
  }));
  const [first] = errors;
  if (first) throw new HttpError('E_BAD_REQUEST', first.message, { errors });
}

function duplicate(key: string, spec: FieldSpec): HttpError {
  const message = RESOURCE_MESSAGES.duplicate(spec.label);
  return new HttpError('E_CONFLICT', message, { errors: [{ field: key, message }] });
}

/** Unique fields among live rows (text ignoring case, as the unique index does): a 409 on the field. */
async function assertUnique(tx: Db, resource: ResourceSpec, values: Record<string, unknown>, self?: string) {
  const table = tableFor(resource);
  for (const [key, value] of Object.entries(values)) {
    const spec = resource.fields[key];
    if (!spec?.unique || value === null || value === undefined) continue;
    const column = columnOf(table, key);
    const same: SQL =
      spec.kind === 'text' ? sql`lower(${column}) = lower(${value as string})` : eq(column, value);
    const [row] = await tx
      .select({ id: columnOf(table, 'id') })
      .from(table)
      .where(
        and(same, isNull(columnOf(table, 'deletedAt')), self ? ne(columnOf(table, 'id'), self) : undefined),
      )
      .limit(1);
    if (row) throw duplicate(key, spec);
  }
}

/** Two writers passing the check at the same moment: the unique index decides, answered the same way. */
function asConflict(resource: ResourceSpec, error: unknown, values: Record<string, unknown>): unknown {
  if (pgErrorCode(error) !== UNIQUE_VIOLATION) return error;
  const entry = Object.entries(resource.fields).find(([key, spec]) => spec.unique && values[key] != null);
  return entry ? duplicate(entry[0], entry[1]) : error;
}

async function lockLive(tx: Db, resource: ResourceSpec, id: string): Promise<Record<string, unknown>> {
  const row = await lockRow(tx, resource, id);
  if (!row) throw new HttpError('E_NOT_FOUND', RESOURCE_MESSAGES.notFound);
  return row;
}

function audit(resource: ResourceSpec, verb: ResourceAuditVerb, id: string) {
  return {
    action: `${resource.name}.${verb}` as const,
    entityType: resource.name,
    entityId: id,
    subjectUserId: null,
  };
}

/** Declared defaults fill what the payload leaves out. */
function withDefaults(resource: ResourceSpec, body: Record<string, unknown>): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [key, spec] of Object.entries(resource.fields)) {
    if (body[key] !== undefined) values[key] = body[key];
    else if (spec.defaultValue !== undefined) values[key] = spec.defaultValue;
  }
  return values;
}

/** The resource's `afterWrite`, in the write's transaction, for a write that owns it. */
async function afterWrite(
  target: WriteTarget,
  tx: Db,
  resource: ResourceSpec,
  change: WrittenChange,
): Promise<AfterCommit | undefined> {
  if (!ownsItsCommit(target)) return undefined;
  return hooksOf(target.resourceHooks, resource).afterWrite?.(tx, change);
}

/** Once the write has committed: what its `afterWrite` answered. */
function runAfterCommit(target: WriteTarget, work: AfterCommit | undefined): void {
  if (!work || !ownsItsCommit(target)) return;
  try {
    work(target);
  } catch (error) {
    // The write is done; whatever followed it must not turn its answer into an error.
    target.log.warn({ err: error }, 'work after a committed write failed');
  }
}

export async function createRecord(
  target: WriteTarget,
  actor: Actor,
  resource: ResourceSpec,
  body: Record<string, unknown>,
  /** `sync` when a synchronisation with the stock system creates it. */
  verb: ResourceAuditVerb = 'create',
): Promise<string> {
  const table = tableFor(resource);
  const values = prepareWrite(target.resourceHooks, resource, withDefaults(resource, body));
  Object.assign(values, toggleStamps(resource, actor.auth.user.id, values));
  assertRangesInOrder(resource, values);
  try {
    const { id, work } = await target.db.transaction(async (tx) => {
      await assertReferencesLive(tx, resource, values);
      await assertUnique(tx, resource, values);
      const user = actor.auth.user.id;
      const [row] = await tx
        .insert(table)
        .values({ ...toColumns(resource, values), createdBy: user, updatedBy: user })
        .returning();
      if (!row) throw new Error('insert returned no row');
      const id = row.id as string;
      const after = fieldValues(resource, row);
      await recordAudit(tx, actor, { ...audit(resource, verb, id), before: null, after });
      const work = await afterWrite(target, tx, resource, { id, before: null, after, actorId: user });
      return { id, work };
    });
    runAfterCommit(target, work);
    return id;
  } catch (error) {
    throw asConflict(resource, error, values);
  }
}

/**
 * Writes the given fields of a live record and records what changed; `verb` names the kind of change
 * in the trail (`update`, `status` for a toggle, `sync` for a synchronisation). Nothing changed:
 * nothing written. Answers whether something changed.
 */
export async function updateRecord(
  target: WriteTarget,
  actor: Actor,
  resource: ResourceSpec,
  id: string,
  values: Record<string, unknown>,
  verb: ResourceAuditVerb = 'update',
): Promise<boolean> {
  try {
    const written = await target.db.transaction(async (tx) => {
      const current = await lockLive(tx, resource, id);
      const before = fieldValues(resource, current);
      const prepared = prepareWrite(target.resourceHooks, resource, values, before);
      const stamped = { ...prepared, ...toggleStamps(resource, actor.auth.user.id, prepared, before) };
      // One end sent alone is checked against the other end as stored, read under the row's lock.
      assertRangesInOrder(resource, { ...before, ...stamped }, stamped);
      const proposed = toRecord(toColumns(resource, stamped));
      const changes = changedFields(before, proposed);
      if (!changes) return { changed: false, work: undefined };
      const changed = Object.fromEntries(Object.keys(changes.after).map((key) => [key, stamped[key]]));
      await assertReferencesLive(tx, resource, changed);
      await assertUnique(tx, resource, changed, id);
      await updateRow(tx, resource, id, toColumns(resource, changed), {
        updatedAt: new Date(),
        updatedBy: actor.auth.user.id,
      });
      await recordAudit(tx, actor, { ...audit(resource, verb, id), ...changes });
      const after = { ...before, ...changes.after };
      const actorId = actor.auth.user.id;
      return { changed: true, work: await afterWrite(target, tx, resource, { id, before, after, actorId }) };
    });
    runAfterCommit(target, written.work);
    return written.changed;
  } catch (error) {
    throw asConflict(resource, error, values);
  }
}

/**
 * Soft: the row leaves lists and frees its unique values. Hard: the row goes. Either is refused while
 * live rows point at it, naming them (assertNotInUse); a foreign key the guard does not know of (a row
 * deleted with it would not count) still refuses a hard delete.
 */
export async function deleteRecord(
  context: UsageContext,
  actor: Actor,
  resource: ResourceSpec,
  id: string,
): Promise<void> {
  const table = tableFor(resource);
  try {
    await context.db.transaction(async (tx) => {
      const current = await lockLive(tx, resource, id);
      await assertNotInUse(tx, context, resource, current);
      if (resource.operations.delete === 'hard') {
        await tx.delete(table).where(eq(columnOf(table, 'id'), id));
      } else {
        await tx
          .update(table)
          .set({ deletedAt: new Date(), updatedAt: new Date(), updatedBy: actor.auth.user.id })
          .where(eq(columnOf(table, 'id'), id));
      }
      await recordAudit(tx, actor, {
        ...audit(resource, 'delete', id),
        before: fieldValues(resource, current),
        after: null,
      });
    });
  } catch (error) {
    if (pgErrorCode(error) === FOREIGN_KEY_VIOLATION) throw new HttpError('E_CONFLICT', STILL_REFERENCED);
    throw error;
  }
}

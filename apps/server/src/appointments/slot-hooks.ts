import { SLOT_MESSAGES as M, minutesOfDay, TIME_OF_DAY, WEEK_DAY_OPTIONS } from '@facet/contract';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { fieldError } from '../http/envelope.ts';
import { columnOf } from '../resources/columns.ts';
import type { ResourceHooks, WrittenChange } from '../resources/domain-hooks.ts';
import { cabinTable, slotTable } from './appointment-tables.ts';

const slot = {
  id: columnOf(slotTable, 'id'),
  cabinId: columnOf(slotTable, 'cabinId'),
  weekDay: columnOf(slotTable, 'weekDay'),
  startTime: columnOf(slotTable, 'startTime'),
  endTime: columnOf(slotTable, 'endTime'),
  validFrom: columnOf(slotTable, 'validFrom'),
  validTo: columnOf(slotTable, 'validTo'),
  isActive: columnOf(slotTable, 'isActive'),
  deletedAt: columnOf(slotTable, 'deletedAt'),
};
const cabinKey = columnOf(cabinTable, 'id');

/** A slot's times: `HH:MM`, the end after the start, and room for one slot between them. */
function checkTimes(values: Record<string, unknown>, current?: Record<string, unknown>): void {
  const merged = { ...current, ...values };
  for (const key of ['startTime', 'endTime'] as const) {
    if (key in values && (typeof values[key] !== 'string' || !TIME_OF_DAY.test(values[key] as string)))
      throw fieldError(key, M.time);
  }
  const start = merged.startTime;
  const end = merged.endTime;
  if (typeof start !== 'string' || typeof end !== 'string') return;
  if (!TIME_OF_DAY.test(start) || !TIME_OF_DAY.test(end)) return;
  if (minutesOfDay(end) <= minutesOfDay(start)) throw fieldError('endTime', M.endAfterStart);
  const length = Number(merged.slotMinutes);
  if (Number.isFinite(length) && minutesOfDay(end) - minutesOfDay(start) < length)
    throw fieldError('slotMinutes', M.tooShort);
}

const dayName = (weekDay: number) =>
  WEEK_DAY_OPTIONS.find((option) => option.value === weekDay)?.label ?? String(weekDay);

/**
 * One cabin's slots may not overlap (same week day, times and validity crossing). Checked after the
 * row is written with the cabin row locked, so two parallel writes of one cabin queue and the second
 * sees the first's slot. `no key update`: the written slot's foreign key already holds a key-share lock
 * on the cabin, which a plain `for update` would wait on, deadlocking two parallel writes.
 */
async function refuseOverlap(tx: Db, change: WrittenChange): Promise<undefined> {
  const after = change.after;
  if (after.isActive === false) return undefined;
  const cabinId = String(after.cabinId);
  await tx.select({ id: cabinKey }).from(cabinTable).where(eq(cabinKey, cabinId)).for('no key update');
  const [mine] = await tx
    .select()
    .from(slotTable)
    .where(and(eq(slot.id, change.id), isNull(slot.deletedAt)));
  if (!mine) return undefined;
  const row = mine as Record<string, unknown>;
  const [other] = await tx
    .select({
      weekDay: slot.weekDay,
      startTime: slot.startTime,
      endTime: slot.endTime,
      validFrom: slot.validFrom,
    })
    .from(slotTable)
    .where(
      and(
        eq(slot.cabinId, cabinId),
        ne(slot.id, change.id),
        isNull(slot.deletedAt),
        eq(slot.isActive, true),
        eq(slot.weekDay, row.weekDay as number),
        sql`${slot.startTime} < ${row.endTime} and ${slot.endTime} > ${row.startTime}`,
        sql`${slot.validFrom} <= coalesce(${row.validTo ?? null}::date, 'infinity'::date)`,
        sql`coalesce(${slot.validTo}, 'infinity'::date) >= ${row.validFrom}::date`,
      ),
    )
    .limit(1);
  if (other) {
    const name = `${dayName(other.weekDay as number)} ${other.startTime}–${other.endTime}`;
    throw fieldError('startTime', M.overlap(name));
  }
  return undefined;
}

/** What the slot resource adds to its generic writes. */
export const slotHooks: ResourceHooks = {
  beforeWrite(values, current) {
    checkTimes(values, current);
    return values;
  },
  afterWrite: refuseOverlap,
};

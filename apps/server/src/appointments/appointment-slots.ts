import {
  APPOINTMENT_LIMITS,
  daysBetween,
  instantAt,
  APPOINTMENT_MESSAGES as M,
  minutesOfDay,
  wallClockOf,
  weekDayOf,
} from '@facet/contract';
import { and, eq, gte, inArray, isNull, lte, or, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { locations } from '../db/resource-tables.ts';
import { fieldError } from '../http/envelope.ts';
import { columnOf } from '../resources/columns.ts';
import { cabinTable, slotTable } from './appointment-tables.ts';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** A cabin with its location, as bookings and calendars need it. */
export interface CabinPlace {
  id: string;
  name: string;
  capacity: number;
  locationId: string;
  locationName: string;
  timeZone: string;
}

export interface SlotRow {
  id: string;
  cabinId: string;
  weekDay: number;
  startTime: string;
  endTime: string;
  slotMinutes: number;
  validFrom: string;
  validTo: string | null;
}

/** The open cabins (of a location, or these), with their location's name and zone. */
export async function openCabins(
  db: Db,
  filter: { locationId?: string; cabinIds?: readonly string[] } = {},
): Promise<CabinPlace[]> {
  const rows = await db
    .select({
      id: columnOf(cabinTable, 'id'),
      name: columnOf(cabinTable, 'name'),
      capacity: columnOf(cabinTable, 'capacity'),
      locationId: columnOf(cabinTable, 'locationId'),
      locationName: columnOf(locations, 'name'),
      timeZone: columnOf(locations, 'timeZone'),
    })
    .from(cabinTable)
    .innerJoin(locations, eq(columnOf(locations, 'id'), columnOf(cabinTable, 'locationId')))
    .where(
      and(
        isNull(columnOf(cabinTable, 'deletedAt')),
        eq(columnOf(cabinTable, 'isActive'), true),
        isNull(columnOf(locations, 'deletedAt')),
        eq(columnOf(locations, 'isActive'), true),
        filter.locationId ? eq(columnOf(cabinTable, 'locationId'), filter.locationId) : undefined,
        filter.cabinIds ? inArray(columnOf(cabinTable, 'id'), [...filter.cabinIds]) : undefined,
      ),
    )
    .orderBy(columnOf(locations, 'name'), columnOf(cabinTable, 'name'));
  return rows as unknown as CabinPlace[];
}

/** The active slots of these cabins valid on some day between `from` and `to`. */
export async function slotsOf(
  db: Db,
  cabinIds: readonly string[],
  from: string,
  to: string,
): Promise<SlotRow[]> {
  if (cabinIds.length === 0) return [];
  const validTo = columnOf(slotTable, 'validTo');
  const rows = await db
    .select({
      id: columnOf(slotTable, 'id'),
      cabinId: columnOf(slotTable, 'cabinId'),
      weekDay: columnOf(slotTable, 'weekDay'),
      startTime: columnOf(slotTable, 'startTime'),
      endTime: columnOf(slotTable, 'endTime'),
      slotMinutes: columnOf(slotTable, 'slotMinutes'),
      validFrom: columnOf(slotTable, 'validFrom'),
      validTo,
    })
    .from(slotTable)
    .where(
      and(
        inArray(columnOf(slotTable, 'cabinId'), [...cabinIds]),
        isNull(columnOf(slotTable, 'deletedAt')),
        eq(columnOf(slotTable, 'isActive'), true),
        lte(columnOf(slotTable, 'validFrom'), to),
        or(isNull(validTo), gte(validTo, from)) as SQL,
      ),
    )
    .orderBy(columnOf(slotTable, 'startTime'));
  return rows as unknown as SlotRow[];
}

/** One day's open window of a cabin: a slot row on a date, as instants. */
export interface SlotWindow {
  cabinId: string;
  slotId: string;
  date: string;
  startsAt: Date;
  endsAt: Date;
  slotMinutes: number;
}

function validOn(slot: SlotRow, date: string): boolean {
  return (
    slot.weekDay === weekDayOf(date) &&
    slot.validFrom <= date &&
    (slot.validTo === null || slot.validTo >= date)
  );
}

/**
 * Every window of the cabins on the days `from` to `to`, each day read in its cabin's location zone:
 * the calendar's open hours.
 */
export function windowsOf(
  cabins: readonly CabinPlace[],
  slots: readonly SlotRow[],
  from: string,
  to: string,
): SlotWindow[] {
  const zoneOf = new Map(cabins.map((cabin) => [cabin.id, cabin.timeZone]));
  const windows: SlotWindow[] = [];
  // The schema keeps a schedule to six weeks; the loop holds to it whatever it is handed.
  for (const date of daysBetween(from, to, APPOINTMENT_LIMITS.scheduleDays + 1)) {
    for (const slot of slots) {
      const zone = zoneOf.get(slot.cabinId);
      if (!zone || !validOn(slot, date)) continue;
      windows.push({
        cabinId: slot.cabinId,
        slotId: slot.id,
        date,
        startsAt: instantAt(date, minutesOfDay(slot.startTime), zone),
        endsAt: instantAt(date, minutesOfDay(slot.endTime), zone),
        slotMinutes: slot.slotMinutes,
      });
    }
  }
  return windows;
}

/** The bookable periods of a window: from its start, one slot length at a time, while one fits. */
export function periodsOf(window: SlotWindow): { startsAt: Date; endsAt: Date }[] {
  const periods: { startsAt: Date; endsAt: Date }[] = [];
  const step = window.slotMinutes * MINUTE;
  for (let start = window.startsAt.getTime(); start + step <= window.endsAt.getTime(); start += step) {
    periods.push({ startsAt: new Date(start), endsAt: new Date(start + step) });
  }
  return periods;
}

/** A period of a cabin's slots: where a booking of that cabin may lie. */
export interface BookablePeriod {
  cabin: CabinPlace;
  slotId: string;
  startsAt: Date;
  endsAt: Date;
}

/**
 * The period of one of the open cabin's slots that day (in its location's zone) starting at `startsAt`:
 * `cabin` is null when the cabin is closed, `period` when no slot has that period.
 */
export async function periodAt(
  db: Db,
  cabinId: string,
  startsAt: Date,
): Promise<{ cabin: CabinPlace | null; period: BookablePeriod | null }> {
  const [cabin] = await openCabins(db, { cabinIds: [cabinId] });
  if (!cabin) return { cabin: null, period: null };
  const { date } = wallClockOf(startsAt, cabin.timeZone);
  const slots = await slotsOf(db, [cabin.id], date, date);
  for (const window of windowsOf([cabin], slots, date, date)) {
    const period = periodsOf(window).find((each) => each.startsAt.getTime() === startsAt.getTime());
    if (period) return { cabin, period: { cabin, slotId: window.slotId, ...period } };
  }
  return { cabin, period: null };
}

/**
 * Where a booking starting at `startsAt` in `cabin` fits: a period of one of its slots that day (in its
 * location's zone), in the future and within the booking horizon. Refuses anything else by field.
 */
export async function bookablePeriod(
  db: Db,
  cabinId: string,
  startsAt: Date,
  field = 'startsAt',
): Promise<BookablePeriod> {
  const [cabin] = await openCabins(db, { cabinIds: [cabinId] });
  if (!cabin) throw fieldError('cabinId', M.cabinUnavailable);
  const now = Date.now();
  if (startsAt.getTime() <= now) throw fieldError(field, M.past);
  if (startsAt.getTime() > now + APPOINTMENT_LIMITS.bookAheadDays * DAY)
    throw fieldError(field, M.tooFarAhead);
  const { period } = await periodAt(db, cabinId, startsAt);
  if (!period) throw fieldError(field, M.outsideSlots);
  return period;
}

import {
  APPOINTMENT_STATUSES,
  cabinResource,
  instantAt,
  MEETING_TYPES,
  minutesOfDay,
  nextDay,
  slotResource,
  wallClockOf,
  weekDayOf,
} from '@facet/contract';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { appointmentStones, appointments } from '../../appointments/appointment-tables.ts';
import { locations, stones } from '../../db/resource-tables.ts';
import { rowsOf } from '../../db/sql-rows.ts';
import { columnOf } from '../../resources/columns.ts';
import { countAdded, createDemoRecord, type DemoContext } from './context.ts';
import { approvedBuyers, type Customer } from './customers.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The zone of each demo office, by its code. */
const ZONES: Record<string, string> = {
  ANR: 'Europe/Brussels',
  BOM: 'Asia/Kolkata',
  STV: 'Asia/Kolkata',
  HKG: 'Asia/Hong_Kong',
  NYC: 'America/New_York',
  DXB: 'Asia/Dubai',
};

const ROOMS = ['Daylight room', 'North light room', 'Private room'];
/** Weekday opening hours: mornings in half hours, afternoons in hours. */
const WINDOWS = [
  { startTime: '10:00', endTime: '13:00', slotMinutes: 30 },
  { startTime: '14:00', endTime: '18:00', slotMinutes: 60 },
] as const;
const APPOINTMENTS = 30;
const PURPOSES = [
  'View the round brilliants of the last upload',
  'Match a pair for earrings',
  'See fancy yellows for a client',
  'Compare three ovals side by side',
  'Check the make of the large emeralds',
  'Inspect a parcel before ordering',
];

interface DemoCabin {
  id: string;
  timeZone: string;
}

/**
 * Viewing rooms at each demo office, open on weekdays, and bookings of the demo customers over the weeks
 * around the day of the seed (like customer activity, so that the schedule has this week filled): past
 * ones approved or cancelled, coming ones pending, approved or cancelled. No two bookings of one room
 * meet, so that every approved one stands.
 */
export async function seedAppointments(ctx: DemoContext, customers: readonly Customer[]): Promise<void> {
  const { db, faker, actor } = ctx;
  const offices = await db
    .select({ id: columnOf(locations, 'id'), code: columnOf(locations, 'code') })
    .from(locations)
    .where(isNull(columnOf(locations, 'deletedAt')))
    .orderBy(asc(columnOf(locations, 'name')));
  const today = new Date().toISOString().slice(0, 10);
  const validFrom = nextDay(today, -120);
  const cabins: DemoCabin[] = [];
  for (const office of offices) {
    const timeZone = ZONES[String(office.code)] ?? 'UTC';
    await db
      .update(locations)
      .set({ timeZone } as never)
      .where(eq(columnOf(locations, 'id'), office.id as string));
    const rooms = faker.number.int({ min: 2, max: 3 });
    for (const name of ROOMS.slice(0, rooms)) {
      const cabinId = await createDemoRecord(
        ctx,
        cabinResource,
        {
          name,
          locationId: office.id,
          capacity: faker.number.int({ min: 2, max: 6 }),
          description: `${name} of the ${String(office.code)} office, with a grading lamp and a loupe for each seat.`,
          isActive: true,
        },
        { label: 'Cabins' },
      );
      cabins.push({ id: cabinId, timeZone });
      for (const weekDay of [1, 2, 3, 4, 5]) {
        for (const window of WINDOWS) {
          await createDemoRecord(
            ctx,
            slotResource,
            { cabinId, weekDay, ...window, validFrom, isActive: true },
            { label: 'Slots' },
          );
        }
      }
    }
  }
  if (cabins.length === 0) return;

  const buyers = await approvedBuyers(db, customers);
  if (buyers.length === 0) return;
  const stock = await db
    .select({ id: columnOf(stones, 'id') })
    .from(stones)
    .where(and(isNull(columnOf(stones, 'deletedAt')), eq(columnOf(stones, 'isActive'), true)))
    .orderBy(asc(columnOf(stones, 'stockNumber')))
    .limit(200);

  const taken = new Set<string>();
  const now = Date.now();
  let written = 0;
  for (let attempt = 0; written < APPOINTMENTS && attempt < APPOINTMENTS * 20; attempt += 1) {
    const cabin = faker.helpers.arrayElement(cabins);
    const localToday = wallClockOf(new Date(now), cabin.timeZone).date;
    const date = nextDay(localToday, faker.number.int({ min: -21, max: 21 }));
    if (weekDayOf(date) > 5) continue;
    const window = faker.helpers.arrayElement(WINDOWS);
    const periods = (minutesOfDay(window.endTime) - minutesOfDay(window.startTime)) / window.slotMinutes;
    const start =
      minutesOfDay(window.startTime) + faker.number.int({ min: 0, max: periods - 1 }) * window.slotMinutes;
    const startsAt = instantAt(date, start, cabin.timeZone);
    const key = `${cabin.id}|${startsAt.toISOString()}`;
    if (taken.has(key)) continue;
    taken.add(key);
    const past = startsAt.getTime() < now;
    const status = past
      ? faker.helpers.weightedArrayElement([
          { weight: 4, value: APPOINTMENT_STATUSES.approved },
          { weight: 1, value: APPOINTMENT_STATUSES.cancelled },
        ])
      : faker.helpers.weightedArrayElement([
          { weight: 2, value: APPOINTMENT_STATUSES.pending },
          { weight: 2, value: APPOINTMENT_STATUSES.approved },
          { weight: 1, value: APPOINTMENT_STATUSES.cancelled },
        ]);
    const buyer = faker.helpers.arrayElement(buyers);
    const createdAt = new Date(
      Math.min(startsAt.getTime(), now) - faker.number.int({ min: 1, max: 10 }) * DAY_MS,
    );
    const decided = status !== APPOINTMENT_STATUSES.pending;
    const [row] = rowsOf<{ next: string }>(
      await db.execute(sql`select nextval('appointment_number_seq')::text as next`),
    );
    const [inserted] = await db
      .insert(appointments)
      .values({
        appointmentNumber: `APT-${(row?.next ?? '').padStart(6, '0')}`,
        userId: buyer.id,
        accountId: buyer.accountId,
        cabinId: cabin.id,
        startsAt,
        endsAt: new Date(startsAt.getTime() + window.slotMinutes * 60_000),
        purpose: faker.helpers.arrayElement(PURPOSES),
        meetingType: faker.helpers.weightedArrayElement([
          { weight: 5, value: MEETING_TYPES.inPerson },
          { weight: 2, value: MEETING_TYPES.webConference },
          { weight: 1, value: MEETING_TYPES.phoneCall },
        ]),
        notes: faker.datatype.boolean(0.3) ? 'Please have the certificates ready.' : null,
        status,
        decidedBy: decided ? actor.auth.user.id : null,
        decidedAt: decided ? new Date(createdAt.getTime() + DAY_MS / 4) : null,
        cancelReason:
          status === APPOINTMENT_STATUSES.cancelled ? 'The customer asked for another week.' : null,
        icsSequence:
          status === APPOINTMENT_STATUSES.approved ? 1 : status === APPOINTMENT_STATUSES.cancelled ? 2 : 0,
        reminderSentAt:
          past && status === APPOINTMENT_STATUSES.approved ? new Date(startsAt.getTime() - DAY_MS) : null,
        createdAt,
        updatedAt: createdAt,
      })
      .returning({ id: appointments.id });
    if (!inserted) continue;
    const picks = stock.length > 0 ? faker.helpers.arrayElements(stock, { min: 0, max: 3 }) : [];
    if (picks.length > 0) {
      await db
        .insert(appointmentStones)
        .values(picks.map((pick) => ({ appointmentId: inserted.id, stoneId: pick.id as string })));
    }
    written += 1;
  }
  countAdded(ctx, 'Appointments', written);
}

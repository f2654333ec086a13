import type {
  AppointmentRecord,
  appointmentExportSchema,
  appointmentPaginateSchema,
  PaginateResult,
} from '@facet/contract';
import { and, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { users } from '../access/user-table.ts';
import type { Db } from '../db/client.ts';
import { likePattern, pageOf, sortOrder } from '../db/paging.ts';
import { accounts, locations } from '../db/resource-tables.ts';
import { instantRange } from '../http/instant-range.ts';
import { columnOf } from '../resources/columns.ts';
import { appointmentStones, appointments, cabinTable } from './appointment-tables.ts';

const deciders = alias(users, 'decider');
const cabinName = columnOf(cabinTable, 'name');
const locationId = columnOf(locations, 'id');
const locationName = columnOf(locations, 'name');
const accountName = columnOf(accounts, 'name');

const listOf = <T>(value: T | readonly T[]): T[] => (Array.isArray(value) ? [...value] : [value as T]);

type ListRequest = Pick<z.output<typeof appointmentPaginateSchema>, 'filter' | 'search' | 'sort'>;

const stoneIds = sql<
  string[]
>`coalesce((select array_agg(${appointmentStones.stoneId}::text order by ${appointmentStones.stoneId})
  from ${appointmentStones} where ${appointmentStones.appointmentId} = ${appointments.id}), '{}')`;

function selectRows(db: Db) {
  return db
    .select({
      row: appointments,
      userName: users.name,
      accountName,
      cabinName,
      locationId,
      locationName,
      timeZone: columnOf(locations, 'timeZone'),
      decidedByName: deciders.name,
      stoneIds,
    })
    .from(appointments)
    .innerJoin(users, eq(users.id, appointments.userId))
    .leftJoin(accounts, eq(columnOf(accounts, 'id'), appointments.accountId))
    .innerJoin(cabinTable, eq(columnOf(cabinTable, 'id'), appointments.cabinId))
    .innerJoin(locations, eq(locationId, columnOf(cabinTable, 'locationId')))
    .leftJoin(deciders, eq(deciders.id, appointments.decidedBy));
}

type Joined = Awaited<ReturnType<ReturnType<typeof selectRows>['where']>>[number];

function toRecord(joined: Joined): AppointmentRecord {
  const { row } = joined;
  const ids = (joined.stoneIds ?? []) as string[];
  return {
    id: row.id,
    appointmentNumber: row.appointmentNumber,
    userId: row.userId,
    userName: joined.userName,
    accountId: row.accountId,
    accountName: (joined.accountName as string | null) ?? null,
    cabinId: row.cabinId,
    cabinName: joined.cabinName as string,
    locationId: joined.locationId as string,
    locationName: joined.locationName as string,
    timeZone: joined.timeZone as string,
    slotId: row.slotId,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    purpose: row.purpose,
    meetingType: row.meetingType,
    notes: row.notes,
    status: row.status,
    stoneCount: ids.length,
    stoneIds: ids,
    decidedBy: row.decidedBy,
    decidedByName: joined.decidedByName ?? null,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    cancelReason: row.cancelReason,
    createdAt: row.createdAt.toISOString(),
  };
}

export function appointmentWhere(request: ListRequest, within?: SQL): SQL | undefined {
  const filter = request.filter ?? {};
  const conditions: (SQL | undefined)[] = [within];
  if (filter.status !== undefined) conditions.push(inArray(appointments.status, listOf(filter.status)));
  if (filter.cabinId) conditions.push(inArray(appointments.cabinId, listOf(filter.cabinId)));
  if (filter.locationId)
    conditions.push(inArray(columnOf(cabinTable, 'locationId'), listOf(filter.locationId)));
  if (filter.userId) conditions.push(inArray(appointments.userId, listOf(filter.userId)));
  if (filter.accountId) conditions.push(inArray(appointments.accountId, listOf(filter.accountId)));
  if (filter.meetingType !== undefined)
    conditions.push(inArray(appointments.meetingType, listOf(filter.meetingType)));
  if (filter.startsAt)
    conditions.push(instantRange(appointments.startsAt, filter.startsAt, 'filter.startsAt'));
  if (request.search) {
    const pattern = likePattern(request.search);
    conditions.push(
      or(
        ilike(appointments.appointmentNumber, pattern),
        ilike(users.name, pattern),
        ilike(users.primaryEmailLower, pattern),
        ilike(accountName, pattern),
      ),
    );
  }
  return and(...conditions);
}

const SORT_COLUMNS = {
  startsAt: appointments.startsAt,
  appointmentNumber: appointments.appointmentNumber,
  createdAt: appointments.createdAt,
  status: appointments.status,
  userName: users.name,
  accountName,
  cabinName,
};

function orderOf(request: ListRequest): SQL[] {
  return sortOrder(request.sort, SORT_COLUMNS, [desc(appointments.startsAt)], appointments.id);
}

/** One page of bookings, with how many the filter matches. */
export async function appointmentPage(
  db: Db,
  request: z.output<typeof appointmentPaginateSchema>,
  within?: SQL,
): Promise<PaginateResult<AppointmentRecord>> {
  const where = appointmentWhere(request, within);
  const { limit, offset } = pageOf(request);
  const [rows, [total]] = await Promise.all([
    selectRows(db)
      .where(where)
      .orderBy(...orderOf(request))
      .limit(limit)
      .offset(offset),
    db
      .select({ value: count() })
      .from(appointments)
      .innerJoin(users, eq(users.id, appointments.userId))
      .leftJoin(accounts, eq(columnOf(accounts, 'id'), appointments.accountId))
      .innerJoin(cabinTable, eq(columnOf(cabinTable, 'id'), appointments.cabinId))
      .where(where),
  ]);
  return { list: rows.map(toRecord), count: total?.value ?? 0 };
}

/** Every row of the filtered list, a batch at a time, for the export. */
export async function* appointmentBatches(
  db: Db,
  request: z.output<typeof appointmentExportSchema>,
  size: number,
): AsyncIterable<AppointmentRecord[]> {
  const where = appointmentWhere(request);
  for (let offset = 0; ; offset += size) {
    const rows = await selectRows(db)
      .where(where)
      .orderBy(...orderOf(request))
      .limit(size)
      .offset(offset);
    yield rows.map(toRecord);
    if (rows.length < size) return;
  }
}

export async function appointmentById(db: Db, id: string): Promise<AppointmentRecord | null> {
  const [row] = await selectRows(db).where(eq(appointments.id, id));
  return row ? toRecord(row) : null;
}

/** The bookings of some cabins overlapping a period, cancelled ones left out. */
export async function appointmentsBetween(
  db: Db,
  cabinIds: readonly string[],
  from: Date,
  to: Date,
): Promise<AppointmentRecord[]> {
  if (cabinIds.length === 0) return [];
  const rows = await selectRows(db)
    .where(
      and(
        inArray(appointments.cabinId, [...cabinIds]),
        sql`${appointments.status} <> 3`,
        sql`${appointments.startsAt} < ${to.toISOString()}::timestamptz`,
        sql`${appointments.endsAt} > ${from.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(appointments.startsAt);
  return rows.map(toRecord);
}

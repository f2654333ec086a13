import {
  type CustomerActivityRecord,
  can,
  type customerActivityPaginateSchema,
  type PaginateResult,
  STORED_TRACK_TYPES,
  TRACK_TYPE_MODULES,
  TRACK_TYPES,
  type TrackRecord,
  type trackPaginateSchema,
} from '@facet/contract';
import { and, count, desc, eq, ilike, inArray, isNotNull, isNull, max, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AuthContext } from '../access/authenticate.ts';
import { users } from '../access/user-table.ts';
import type { Db } from '../db/client.ts';
import { likePattern, pageOf, sortOrder } from '../db/paging.ts';
import { accounts, stones } from '../db/resource-tables.ts';
import { holderOf } from '../http/access-plugin.ts';
import { instantRange } from '../http/instant-range.ts';
import { columnOf } from '../resources/columns.ts';
import { orderBy } from '../resources/query.ts';
import { keysetBatches, listOrderKeys, outerJoined } from './list-keyset.ts';
import { diamondTracks } from './stock-summary-tables.ts';
import { listOf, stoneConditions } from './stone-criteria.ts';
import { accountName, stone, toTrackRecord, trackRows } from './track-rows.ts';

type TrackRequest = Pick<z.output<typeof trackPaginateSchema>, 'filter' | 'search' | 'sort' | 'timeZone'>;

/** The kinds of activity the caller's modules show (a Cart viewer sees carts, not enquiries). */
export function visibleTrackTypes(auth: AuthContext): number[] {
  const holder = holderOf(auth);
  return STORED_TRACK_TYPES.filter((type) =>
    can(holder, TRACK_TYPE_MODULES[type as keyof typeof TRACK_TYPE_MODULES], 'view'),
  );
}

export function trackWhere(request: TrackRequest, types: readonly number[]): SQL | undefined {
  const filter = request.filter ?? {};
  const asked =
    filter.trackType === undefined ? types : listOf(filter.trackType).filter((type) => types.includes(type));
  const conditions: (SQL | undefined)[] = [
    isNull(diamondTracks.deletedAt),
    asked.length > 0 ? inArray(diamondTracks.trackType, asked) : sql`false`,
  ];
  if (filter.userId) conditions.push(inArray(diamondTracks.userId, listOf(filter.userId)));
  if (filter.accountId) conditions.push(inArray(diamondTracks.accountId, listOf(filter.accountId)));
  if (filter.createdAt)
    conditions.push(
      instantRange(diamondTracks.createdAt, filter.createdAt, 'filter.createdAt', request.timeZone),
    );
  if (filter.reminderDate) {
    conditions.push(
      instantRange(diamondTracks.reminderDate, filter.reminderDate, 'filter.reminderDate', request.timeZone),
    );
  }
  if (filter.offerStatus) conditions.push(inArray(diamondTracks.offerStatus, listOf(filter.offerStatus)));
  if (filter.replied !== undefined) {
    conditions.push(filter.replied ? isNotNull(diamondTracks.repliedAt) : isNull(diamondTracks.repliedAt));
  }
  conditions.push(...stoneConditions(filter));
  if (request.search) {
    const pattern = likePattern(request.search);
    conditions.push(
      or(
        ilike(stone.stockNumber, pattern),
        ilike(users.name, pattern),
        ilike(users.username, pattern),
        ilike(accountName, pattern),
        ilike(diamondTracks.enquiryNumber, pattern),
        ilike(diamondTracks.remarks, pattern),
      ),
    );
  }
  return and(...conditions);
}

/** The list's order (its pages' and its export's): newest first unless the caller sorts. */
export function trackKeys(sort: TrackRequest['sort']) {
  return listOrderKeys(
    sort,
    {
      createdAt: diamondTracks.createdAt,
      reminderDate: diamondTracks.reminderDate,
      stockNumber: stone.stockNumber,
      carat: stone.carat,
      amount: diamondTracks.amount,
      currentAmount: stone.amount,
      userName: users.name,
      accountName: outerJoined(accountName),
    },
    { column: diamondTracks.createdAt, direction: 'desc' },
    diamondTracks.id,
  );
}

/** The list's rows counted under each named `count(…)` of `selection`, over the joins its count reads. */
export function countTracksEach(db: Db, selection: Record<string, SQL<number>>, where: SQL | undefined) {
  return db
    .select(selection)
    .from(diamondTracks)
    .innerJoin(users, eq(users.id, diamondTracks.userId))
    .innerJoin(stones, eq(stone.id, diamondTracks.stoneId))
    .leftJoin(accounts, eq(columnOf(accounts, 'id'), diamondTracks.accountId))
    .where(where)
    .then(([row]) => row as Record<string, number> | undefined);
}

function countTracks(db: Db, where: SQL | undefined) {
  return countTracksEach(db, { value: count() }, where).then((row) => row?.value ?? 0);
}

export async function trackPage(
  db: Db,
  request: TrackRequest & { page: number; limit: number },
  types: readonly number[],
  within?: SQL,
): Promise<PaginateResult<TrackRecord>> {
  const where = and(trackWhere(request, types), within);
  const { limit, offset } = pageOf(request);
  const [rows, total] = await Promise.all([
    trackRows(db, where)
      .orderBy(...orderBy(trackKeys(request.sort)))
      .limit(limit)
      .offset(offset),
    countTracks(db, where),
  ]);
  return { list: rows.map(toTrackRecord), count: total };
}

/** Every row of the filtered list in its order, a batch at a time (keyset), for an export. */
export async function* trackBatches(db: Db, request: TrackRequest, types: readonly number[], size: number) {
  const where = trackWhere(request, types);
  const keys = trackKeys(request.sort);
  const batches = keysetBatches(keys, size, (after, cursor) =>
    trackRows(db, and(where, after), cursor)
      .orderBy(...orderBy(keys))
      .limit(size),
  );
  for await (const rows of batches) yield rows.map(toTrackRecord);
}

export async function trackById(db: Db, id: string): Promise<TrackRecord | undefined> {
  const [row] = await trackRows(db, eq(diamondTracks.id, id));
  return row && toTrackRecord(row);
}

type CustomersRequest = z.output<typeof customerActivityPaginateSchema>;

const countOf = (type: number) =>
  sql<number>`count(*) filter (where ${diamondTracks.trackType} = ${type})::int`;

/** `admin/diamond-track/paginate`: one row a customer, counts by kind, most recent first. */
export async function customerActivityPage(
  db: Db,
  request: CustomersRequest,
  types: readonly number[],
): Promise<PaginateResult<CustomerActivityRecord>> {
  const filter = request.filter ?? {};
  const where = trackWhere(
    {
      filter: {
        trackType: filter.trackType,
        userId: filter.userId,
        accountId: filter.accountId,
        createdAt: filter.createdAt,
      },
      search: request.search,
    },
    types,
  );
  const lastActivityAt = max(diamondTracks.createdAt);
  const items = sql<number>`count(*)::int`;
  const { limit, offset } = pageOf(request);
  const grouped = db
    .select({
      userId: diamondTracks.userId,
      userName: users.name,
      username: users.username,
      accountId: users.accountId,
      accountName,
      items,
      cart: countOf(TRACK_TYPES.cart),
      watchlist: countOf(TRACK_TYPES.watchlist),
      reminder: countOf(TRACK_TYPES.reminder),
      enquiry: countOf(TRACK_TYPES.enquiry),
      offer: countOf(TRACK_TYPES.offer),
      lastActivityAt,
    })
    .from(diamondTracks)
    .innerJoin(users, eq(users.id, diamondTracks.userId))
    .innerJoin(stones, eq(stone.id, diamondTracks.stoneId))
    .leftJoin(accounts, eq(columnOf(accounts, 'id'), users.accountId))
    .where(where)
    .groupBy(diamondTracks.userId, users.name, users.username, users.accountId, accountName);
  const order = sortOrder(
    request.sort,
    { lastActivityAt, userName: users.name, accountName, items },
    [desc(lastActivityAt)],
    diamondTracks.userId,
  );
  const [rows, total] = await Promise.all([
    grouped
      .orderBy(...order)
      .limit(limit)
      .offset(offset),
    db
      .select({ value: count() })
      .from(grouped.as('grouped'))
      .then(([row]) => row?.value ?? 0),
  ]);
  return {
    list: rows.map((row) => ({
      ...row,
      accountName: (row.accountName as string | null) ?? null,
      lastActivityAt: new Date(row.lastActivityAt as unknown as string).toISOString(),
    })),
    count: total,
  };
}

import {
  type customerDemandSchema,
  DEMAND_LIMITS,
  type DemandRecord,
  type demandPaginateSchema,
  STOCK_SUMMARY_MESSAGES as M,
  type PaginateResult,
  stoneResource,
} from '@facet/contract';
import { and, count, eq, gt, ilike, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { users } from '../access/user-table.ts';
import type { Db } from '../db/client.ts';
import { likePattern, pageOf } from '../db/paging.ts';
import { accounts, stones } from '../db/resource-tables.ts';
import { fieldError, HttpError } from '../http/envelope.ts';
import { instantRange } from '../http/instant-range.ts';
import { type Actor, recordAudit } from '../resources/audit-log.ts';
import { columnOf } from '../resources/columns.ts';
import { orderBy, whereOf } from '../resources/query.ts';
import { buyableCondition } from '../stock/stone-availability.ts';
import { refuseOverQuota } from './customer-quota.ts';
import type { Customer } from './customer-track-writes.ts';
import { demandCriteriaTexts } from './demand-criteria.ts';
import { type CursorSelection, keysetBatches, listOrderKeys } from './list-keyset.ts';
import { stoneDemandMatches, stoneDemands } from './stock-summary-tables.ts';
import { listOf } from './stone-criteria.ts';

const DAY = 24 * 60 * 60 * 1000;
type DemandRow = typeof stoneDemands.$inferSelect;

/** The stones of the stock a demand's filter matches (the stock search's own conditions). */
export function demandCondition(filter: Record<string, unknown>): SQL | undefined {
  return whereOf(stoneResource, { filter });
}

/**
 * The stones of a demand a customer can buy now: a held, memo or upcoming stone is told when it becomes
 * available.
 */
export function availableCondition(filter: Record<string, unknown>): SQL | undefined {
  return and(demandCondition(filter), buyableCondition());
}

/** How many stones a customer can buy match now, counted up to the cap. */
export async function matchesOf(db: Db, filter: Record<string, unknown>): Promise<number> {
  const capped = db
    .select({ one: sql`1` })
    .from(stones)
    .where(availableCondition(filter))
    .limit(DEMAND_LIMITS.matchCap)
    .as('capped');
  const [row] = await db.select({ value: count() }).from(capped);
  return row?.value ?? 0;
}

/** An expiry: a day means through its end; at most a year ahead. */
function expiryOf(text: string): Date {
  const expires = /^\d{4}-\d{2}-\d{2}$/.test(text) ? new Date(`${text}T23:59:59.999Z`) : new Date(text);
  if (expires.getTime() <= Date.now()) throw fieldError('expiresAt', M.demandExpiryPast);
  if (expires.getTime() > Date.now() + DEMAND_LIMITS.maxDays * DAY) {
    throw fieldError('expiresAt', M.demandExpiryTooFar);
  }
  return expires;
}

const liveCondition = () => and(isNull(stoneDemands.deletedAt), gt(stoneDemands.expiresAt, sql`now()`));

/**
 * A customer's demand. Its filter is the stock search's (an unknown key was refused by the schema; a
 * value the stock search refuses is refused here, before it is saved). At most 50 live demands a user,
 * counted under a lock of the user's row so that parallel saves cannot pass it.
 */
export async function saveDemand(
  db: Db,
  actor: Actor,
  customer: Customer,
  body: z.output<typeof customerDemandSchema>,
): Promise<string> {
  const expiresAt = expiryOf(body.expiresAt);
  const filter = body.filter as Record<string, unknown>;
  demandCondition(filter);
  return db.transaction(async (tx) => {
    await refuseOverQuota(tx, customer.userId, {
      table: stoneDemands,
      where: and(eq(stoneDemands.userId, customer.userId), liveCondition()),
      limit: DEMAND_LIMITS.perUser,
      message: M.tooManyDemands,
    });
    const [row] = await tx
      .insert(stoneDemands)
      .values({ userId: customer.userId, accountId: customer.accountId, name: body.name, filter, expiresAt })
      .returning();
    if (!row) throw new Error('insert returned no row');
    // The stones on offer already are not news: only those that come, change or free up later are told.
    await tx.execute(sql`
      insert into ${stoneDemandMatches} (demand_id, stone_id)
      select ${row.id}::uuid, ${columnOf(stones, 'id')} from ${stones}
      where ${availableCondition(filter)} limit ${DEMAND_LIMITS.matchCap}
      on conflict do nothing`);
    await tx
      .update(stoneDemands)
      .set({ lastMatchCount: await matchesOf(tx, filter) })
      .where(eq(stoneDemands.id, row.id));
    await recordAudit(tx, actor, {
      action: 'stoneDemand.create',
      entityType: 'stoneDemand',
      entityId: row.id,
      subjectUserId: row.userId,
      before: null,
      after: { name: row.name, userId: row.userId, expiresAt: row.expiresAt.toISOString(), filter },
    });
    return row.id;
  });
}

export async function removeDemand(db: Db, actor: Actor, customer: Customer, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const now = new Date();
    const [row] = await tx
      .update(stoneDemands)
      .set({ deletedAt: now, updatedAt: now })
      .where(
        and(
          eq(stoneDemands.id, id),
          eq(stoneDemands.userId, customer.userId),
          isNull(stoneDemands.deletedAt),
        ),
      )
      .returning();
    if (!row) throw new HttpError('E_NOT_FOUND', M.demandNotFound);
    await recordAudit(tx, actor, {
      action: 'stoneDemand.delete',
      entityType: 'stoneDemand',
      entityId: row.id,
      subjectUserId: row.userId,
      before: { name: row.name, userId: row.userId, expiresAt: row.expiresAt.toISOString() },
      after: null,
    });
  });
}

type DemandRequest = z.output<typeof demandPaginateSchema>;
const accountName = columnOf(accounts, 'name');

function demandWhere(request: DemandRequest): SQL | undefined {
  const filter = request.filter ?? {};
  const live = filter.live ?? true;
  const conditions: (SQL | undefined)[] = [
    isNull(stoneDemands.deletedAt),
    live ? gt(stoneDemands.expiresAt, sql`now()`) : lte(stoneDemands.expiresAt, sql`now()`),
  ];
  if (filter.userId) conditions.push(inArray(stoneDemands.userId, listOf(filter.userId)));
  if (filter.accountId) conditions.push(inArray(stoneDemands.accountId, listOf(filter.accountId)));
  if (filter.createdAt)
    conditions.push(
      instantRange(stoneDemands.createdAt, filter.createdAt, 'filter.createdAt', request.timeZone),
    );
  if (filter.expiresAt)
    conditions.push(
      instantRange(stoneDemands.expiresAt, filter.expiresAt, 'filter.expiresAt', request.timeZone),
    );
  if (filter.matched !== undefined) {
    conditions.push(
      filter.matched
        ? gt(stoneDemands.lastMatchCount, 0)
        : or(isNull(stoneDemands.lastMatchCount), eq(stoneDemands.lastMatchCount, 0)),
    );
  }
  if (request.search) {
    const pattern = likePattern(request.search);
    conditions.push(
      or(ilike(stoneDemands.name, pattern), ilike(users.name, pattern), ilike(accountName, pattern)),
    );
  }
  return and(...conditions);
}

function demandRows(db: Db, where: SQL | undefined, cursor: CursorSelection = {}) {
  return db
    .select({ ...cursor, demand: stoneDemands, userName: users.name, accountName })
    .from(stoneDemands)
    .innerJoin(users, eq(users.id, stoneDemands.userId))
    .leftJoin(accounts, eq(columnOf(accounts, 'id'), stoneDemands.accountId))
    .where(where)
    .$dynamic();
}

/** The list's order (its pages' and its export's): newest first unless the caller sorts. */
const demandKeys = (sort: DemandRequest['sort']) =>
  listOrderKeys(
    sort,
    {
      createdAt: stoneDemands.createdAt,
      expiresAt: stoneDemands.expiresAt,
      name: stoneDemands.name,
      userName: users.name,
      matches: stoneDemands.lastMatchCount,
    },
    { column: stoneDemands.createdAt, direction: 'desc' },
    stoneDemands.id,
  );

/**
 * Every demand of the filtered list in its order, a batch at a time (keyset), for an export. The filter
 * is checked here, before the file starts.
 */
export function demandBatches(
  db: Db,
  request: Omit<DemandRequest, 'page' | 'limit'>,
  size: number,
): AsyncIterable<DemandRecord[]> {
  const where = demandWhere({ ...request, page: 1, limit: size });
  const keys = demandKeys(request.sort);
  return (async function* () {
    const batches = keysetBatches(keys, size, (after, cursor) =>
      demandRows(db, and(where, after), cursor)
        .orderBy(...orderBy(keys))
        .limit(size),
    );
    for await (const rows of batches) yield await toDemandRecords(db, rows);
  })();
}

/**
 * Demands with their customer, the filter in words and (live ones) how many stones match: counted when
 * the demand is saved and again by the matching job whenever the stock changes.
 */
export async function demandPage(db: Db, request: DemandRequest): Promise<PaginateResult<DemandRecord>> {
  const where = demandWhere(request);
  const { limit, offset } = pageOf(request);
  const [rows, [total]] = await Promise.all([
    demandRows(db, where)
      .orderBy(...orderBy(demandKeys(request.sort)))
      .limit(limit)
      .offset(offset),
    db
      .select({ value: count() })
      .from(stoneDemands)
      .innerJoin(users, eq(users.id, stoneDemands.userId))
      .leftJoin(accounts, eq(columnOf(accounts, 'id'), stoneDemands.accountId))
      .where(where),
  ]);
  return { list: await toDemandRecords(db, rows), count: total?.value ?? 0 };
}

type Joined = { demand: DemandRow; userName: string; accountName: unknown };

export async function toDemandRecords(db: Db, rows: readonly Joined[]): Promise<DemandRecord[]> {
  const criteria = await demandCriteriaTexts(
    db,
    rows.map((row) => row.demand.filter as Record<string, unknown>),
  );
  const now = Date.now();
  return rows.map(({ demand, userName, accountName: company }, index) => {
    const live = demand.deletedAt === null && demand.expiresAt.getTime() > now;
    return {
      id: demand.id,
      userId: demand.userId,
      userName,
      accountId: demand.accountId,
      accountName: (company as string | null) ?? null,
      name: demand.name,
      filter: demand.filter,
      criteria: criteria[index] ?? '',
      expiresAt: demand.expiresAt.toISOString(),
      live,
      matches: live ? demand.lastMatchCount : null,
      lastNotifiedAt: demand.lastNotifiedAt?.toISOString() ?? null,
      createdAt: demand.createdAt.toISOString(),
    };
  });
}

export async function demandById(db: Db, id: string): Promise<DemandRecord> {
  const rows = await db
    .select({ demand: stoneDemands, userName: users.name, accountName })
    .from(stoneDemands)
    .innerJoin(users, eq(users.id, stoneDemands.userId))
    .leftJoin(accounts, eq(columnOf(accounts, 'id'), stoneDemands.accountId))
    .where(eq(stoneDemands.id, id));
  const [record] = await toDemandRecords(db, rows);
  if (!record) throw new HttpError('E_NOT_FOUND', M.demandNotFound);
  return record;
}

/** `apis/Demand/summary`: live, expiring within a week, expired, customers, and live ones matched. */
export async function demandSummary(db: Db) {
  const week = sql`now() + interval '7 days'`;
  const [row] = await db
    .select({
      live: sql<number>`count(*) filter (where ${stoneDemands.expiresAt} > now())::int`,
      expiringThisWeek: sql<number>`count(*) filter (where ${stoneDemands.expiresAt} > now() and ${stoneDemands.expiresAt} <= ${week})::int`,
      expired: sql<number>`count(*) filter (where ${stoneDemands.expiresAt} <= now())::int`,
      customers: sql<number>`count(distinct ${stoneDemands.userId}) filter (where ${stoneDemands.expiresAt} > now())::int`,
      matched: sql<number>`count(*) filter (where ${stoneDemands.expiresAt} > now() and ${stoneDemands.lastMatchCount} > 0)::int`,
    })
    .from(stoneDemands)
    .where(isNull(stoneDemands.deletedAt));
  return row ?? { live: 0, expiringThisWeek: 0, expired: 0, customers: 0, matched: 0 };
}

export { liveCondition };

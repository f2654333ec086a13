import {
  type BlockRecord,
  type blockPaginateSchema,
  STOCK_SUMMARY_MESSAGES as M,
  type PaginateResult,
} from '@facet/contract';
import { and, count, eq, gt, ilike, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { users } from '../access/user-table.ts';
import type { Db } from '../db/client.ts';
import { likePattern, pageOf } from '../db/paging.ts';
import { accounts, masters, stones } from '../db/resource-tables.ts';
import { HttpError } from '../http/envelope.ts';
import { instantRange } from '../http/instant-range.ts';
import { columnOf } from '../resources/columns.ts';
import { orderBy } from '../resources/query.ts';
import { type CursorSelection, keysetBatches, listOrderKeys } from './list-keyset.ts';
import { stoneBlocks } from './stock-summary-tables.ts';
import { listOf, stoneConditions } from './stone-criteria.ts';
import { accountName, stone, stoneColor } from './track-rows.ts';

const shapes = alias(masters, 'shape');
const clarities = alias(masters, 'clarity');
const confirmers = alias(users, 'confirmer');
const enders = alias(users, 'ender');

type BlockRequest = z.output<typeof blockPaginateSchema>;

export function blockWhere(request: BlockRequest): SQL | undefined {
  const filter = request.filter ?? {};
  const live = filter.live ?? (filter.state === undefined ? true : undefined);
  const conditions: (SQL | undefined)[] = [];
  if (live === true) conditions.push(and(isNull(stoneBlocks.endedAt), gt(stoneBlocks.expiresAt, sql`now()`)));
  if (live === false)
    conditions.push(or(isNotNull(stoneBlocks.endedAt), sql`${stoneBlocks.expiresAt} <= now()`));
  if (filter.kind) conditions.push(inArray(stoneBlocks.kind, listOf(filter.kind)));
  if (filter.state) conditions.push(inArray(stoneBlocks.state, listOf(filter.state)));
  if (filter.userId) conditions.push(inArray(stoneBlocks.userId, listOf(filter.userId)));
  if (filter.accountId) conditions.push(inArray(stoneBlocks.accountId, listOf(filter.accountId)));
  if (filter.createdAt)
    conditions.push(
      instantRange(stoneBlocks.createdAt, filter.createdAt, 'filter.createdAt', request.timeZone),
    );
  if (filter.endsWithin !== undefined) {
    conditions.push(
      sql`${stoneBlocks.expiresAt} <= now() + make_interval(hours => ${filter.endsWithin}::int)`,
    );
  }
  conditions.push(...stoneConditions(filter));
  if (request.search) {
    const pattern = likePattern(request.search);
    conditions.push(
      or(ilike(stone.stockNumber, pattern), ilike(users.name, pattern), ilike(accountName, pattern)),
    );
  }
  return and(...conditions);
}

function blockRows(db: Db, where: SQL | undefined, cursor: CursorSelection = {}) {
  return db
    .select({
      ...cursor,
      block: stoneBlocks,
      userName: users.name,
      accountName,
      stockNumber: stone.stockNumber,
      carat: stone.carat,
      amount: stone.amount,
      shape: columnOf(shapes, 'name'),
      color: stoneColor,
      clarity: columnOf(clarities, 'name'),
      confirmedByName: confirmers.name,
      endedByName: enders.name,
    })
    .from(stoneBlocks)
    .innerJoin(users, eq(users.id, stoneBlocks.userId))
    .innerJoin(stones, eq(stone.id, stoneBlocks.stoneId))
    .leftJoin(accounts, eq(columnOf(accounts, 'id'), stoneBlocks.accountId))
    .leftJoin(shapes, eq(columnOf(shapes, 'id'), stone.shapeId))
    .leftJoin(clarities, eq(columnOf(clarities, 'id'), stone.clarityId))
    .leftJoin(confirmers, eq(confirmers.id, stoneBlocks.confirmedBy))
    .leftJoin(enders, eq(enders.id, stoneBlocks.endedBy))
    .where(where)
    .$dynamic();
}

type BlockRow = Awaited<ReturnType<typeof blockRows>>[number];
const numberOr = (value: unknown) => (value === null || value === undefined ? null : Number(value));

function toBlockRecord({ block, ...joined }: BlockRow): BlockRecord {
  return {
    id: block.id,
    kind: block.kind,
    state: block.state,
    userId: block.userId,
    userName: joined.userName,
    accountId: block.accountId,
    accountName: (joined.accountName as string | null) ?? null,
    stoneId: block.stoneId,
    stockNumber: joined.stockNumber as string,
    shape: (joined.shape as string | null) ?? null,
    color: (joined.color as string | null) ?? null,
    clarity: (joined.clarity as string | null) ?? null,
    carat: numberOr(joined.carat),
    amount: numberOr(joined.amount),
    remarks: block.remarks,
    expiresAt: block.expiresAt.toISOString(),
    confirmedAt: block.confirmedAt?.toISOString() ?? null,
    confirmedByName: joined.confirmedByName ?? null,
    endedAt: block.endedAt?.toISOString() ?? null,
    endedByName: joined.endedByName ?? null,
    createdAt: block.createdAt.toISOString(),
  };
}

/** The list's order (its pages' and its export's): newest first unless the caller sorts. */
const blockKeys = (sort: BlockRequest['sort']) =>
  listOrderKeys(
    sort,
    {
      createdAt: stoneBlocks.createdAt,
      expiresAt: stoneBlocks.expiresAt,
      stockNumber: stone.stockNumber,
      userName: users.name,
    },
    { column: stoneBlocks.createdAt, direction: 'desc' },
    stoneBlocks.id,
  );

/** The list's rows counted under each named `count(…)` of `selection`, over the joins its count reads. */
export function countBlocksEach(db: Db, selection: Record<string, SQL<number>>, where: SQL | undefined) {
  return db
    .select(selection)
    .from(stoneBlocks)
    .innerJoin(users, eq(users.id, stoneBlocks.userId))
    .innerJoin(stones, eq(stone.id, stoneBlocks.stoneId))
    .leftJoin(accounts, eq(columnOf(accounts, 'id'), stoneBlocks.accountId))
    .where(where)
    .then(([row]) => row as Record<string, number> | undefined);
}

export async function blockPage(db: Db, request: BlockRequest): Promise<PaginateResult<BlockRecord>> {
  const where = blockWhere(request);
  const { limit, offset } = pageOf(request);
  const [rows, total] = await Promise.all([
    blockRows(db, where)
      .orderBy(...orderBy(blockKeys(request.sort)))
      .limit(limit)
      .offset(offset),
    countBlocksEach(db, { value: count() }, where),
  ]);
  return { list: rows.map(toBlockRecord), count: total?.value ?? 0 };
}

/**
 * Every row of the filtered list in its order, a batch at a time (keyset), for an export. The filter is
 * checked here, before the file starts.
 */
export function blockBatches(
  db: Db,
  request: Omit<BlockRequest, 'page' | 'limit'>,
  size: number,
): AsyncIterable<BlockRecord[]> {
  const where = blockWhere({ ...request, page: 1, limit: size });
  const keys = blockKeys(request.sort);
  return (async function* () {
    const batches = keysetBatches(keys, size, (after, cursor) =>
      blockRows(db, and(where, after), cursor)
        .orderBy(...orderBy(keys))
        .limit(size),
    );
    for await (const rows of batches) yield rows.map(toBlockRecord);
  })();
}

export async function blockById(db: Db, id: string): Promise<BlockRecord> {
  const [row] = await blockRows(db, eq(stoneBlocks.id, id));
  if (!row) throw new HttpError('E_NOT_FOUND', M.blockNotFound);
  return toBlockRecord(row);
}

import type {
  PaginateResult,
  ParcelOrderDetail,
  ParcelOrderLine,
  ParcelOrderRecord,
  parcelOrderExportSchema,
} from '@facet/contract';
import { and, asc, count, desc, eq, gte, ilike, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { users } from '../access/user-table.ts';
import type { Db } from '../db/client.ts';
import { likePattern, pageOf, sortOrder } from '../db/paging.ts';
import { accounts } from '../db/resource-tables.ts';
import { columnOf } from '../resources/columns.ts';
import { band, sieve } from './parcel-masters.ts';
import { parcelOrderLines, parcelOrders, qualityBands, sieveGroups } from './parcel-tables.ts';

export type OrderRequest = Omit<z.output<typeof parcelOrderExportSchema>, 'format' | 'timeZone'>;

const changer = alias(users, 'parcel_status_changer');
const accountName = columnOf(accounts, 'name');
const listOf = <T>(value: T | readonly T[]): T[] => (Array.isArray(value) ? [...value] : [value as T]);
const lineCount = sql<number>`(select count(*)::int from ${parcelOrderLines} where ${parcelOrderLines.orderId} = ${parcelOrders.id})`;

const SELECTION = {
  id: parcelOrders.id,
  orderNumber: parcelOrders.orderNumber,
  userId: parcelOrders.userId,
  userName: users.name,
  accountId: parcelOrders.accountId,
  accountName,
  orderDate: parcelOrders.orderDate,
  priceDate: parcelOrders.priceDate,
  status: parcelOrders.status,
  notes: parcelOrders.notes,
  lineCount,
  totalPieces: parcelOrders.totalPieces,
  totalCarats: parcelOrders.totalCarats,
  totalAmount: parcelOrders.totalAmount,
  statusChangedAt: parcelOrders.statusChangedAt,
  statusChangedByName: changer.name,
  createdAt: parcelOrders.createdAt,
};

type Row = {
  [K in keyof typeof SELECTION]: unknown;
};

const numberOrNull = (value: unknown) => (value === null || value === undefined ? null : Number(value));
const isoOf = (value: unknown) =>
  value instanceof Date ? value.toISOString() : value ? String(value) : null;

function recordOf(row: Row): ParcelOrderRecord {
  return {
    id: row.id as string,
    orderNumber: row.orderNumber as string,
    userId: row.userId as string,
    userName: (row.userName as string | null) ?? '',
    accountId: (row.accountId as string | null) ?? null,
    accountName: (row.accountName as string | null) ?? null,
    orderDate: row.orderDate as string,
    priceDate: row.priceDate as string,
    status: Number(row.status),
    notes: (row.notes as string | null) ?? null,
    lineCount: Number(row.lineCount),
    totalPieces: numberOrNull(row.totalPieces),
    totalCarats: numberOrNull(row.totalCarats),
    totalAmount: numberOrNull(row.totalAmount),
    statusChangedAt: isoOf(row.statusChangedAt),
    statusChangedByName: (row.statusChangedByName as string | null) ?? null,
    createdAt: isoOf(row.createdAt) ?? '',
  };
}

function ordersSelect(db: Db) {
  return db
    .select(SELECTION)
    .from(parcelOrders)
    .innerJoin(users, eq(users.id, parcelOrders.userId))
    .leftJoin(accounts, eq(columnOf(accounts, 'id'), parcelOrders.accountId))
    .leftJoin(changer, eq(changer.id, parcelOrders.statusChangedBy));
}

function orderWhere(request: OrderRequest, within?: SQL): SQL | undefined {
  const filter = request.filter ?? {};
  const conditions: (SQL | undefined)[] = [within];
  if (filter.status !== undefined) conditions.push(inArray(parcelOrders.status, listOf(filter.status)));
  if (filter.userId) conditions.push(inArray(parcelOrders.userId, listOf(filter.userId)));
  if (filter.accountId) conditions.push(inArray(parcelOrders.accountId, listOf(filter.accountId)));
  if (filter.orderDate?.from) conditions.push(gte(parcelOrders.orderDate, filter.orderDate.from));
  if (filter.orderDate?.to) conditions.push(lte(parcelOrders.orderDate, filter.orderDate.to));
  if (request.search) {
    const pattern = likePattern(request.search);
    conditions.push(
      or(
        ilike(parcelOrders.orderNumber, pattern),
        ilike(users.name, pattern),
        ilike(users.username, pattern),
        ilike(accountName, pattern),
      ),
    );
  }
  return and(...conditions);
}

function orderSort(sort: OrderRequest['sort']) {
  return sortOrder(
    sort,
    {
      orderDate: parcelOrders.orderDate,
      orderNumber: parcelOrders.orderNumber,
      userName: users.name,
      accountName,
      status: parcelOrders.status,
      totalCarats: parcelOrders.totalCarats,
      totalAmount: parcelOrders.totalAmount,
      createdAt: parcelOrders.createdAt,
    },
    [desc(parcelOrders.createdAt)],
    parcelOrders.id,
  );
}

/** A page of orders with customer and company names, line count and totals. */
export async function orderPage(
  db: Db,
  request: OrderRequest & { page: number; limit: number },
  within?: SQL,
): Promise<PaginateResult<ParcelOrderRecord>> {
  const where = orderWhere(request, within);
  const { limit, offset } = pageOf(request);
  const [rows, [total]] = await Promise.all([
    ordersSelect(db)
      .where(where)
      .orderBy(...orderSort(request.sort))
      .limit(limit)
      .offset(offset),
    db
      .select({ value: count() })
      .from(parcelOrders)
      .innerJoin(users, eq(users.id, parcelOrders.userId))
      .leftJoin(accounts, eq(columnOf(accounts, 'id'), parcelOrders.accountId))
      .where(where),
  ]);
  return { list: rows.map(recordOf), count: total?.value ?? 0 };
}

/** Every order of the filtered list, a batch at a time, for the export. */
export async function* orderBatches(db: Db, request: OrderRequest, size: number) {
  for (let offset = 0; ; offset += size) {
    const rows = await ordersSelect(db)
      .where(orderWhere(request))
      .orderBy(...orderSort(request.sort))
      .limit(size)
      .offset(offset);
    if (rows.length === 0) return;
    yield rows.map(recordOf);
    if (rows.length < size) return;
  }
}

/** The lines of some orders, in their order, with the names of their size and quality. */
export async function linesOf(db: Db, orderIds: readonly string[]): Promise<Map<string, ParcelOrderLine[]>> {
  const lines = new Map<string, ParcelOrderLine[]>();
  if (orderIds.length === 0) return lines;
  const rows = await db
    .select({
      orderId: parcelOrderLines.orderId,
      id: parcelOrderLines.id,
      sieveGroupId: parcelOrderLines.sieveGroupId,
      sieveGroupName: sieve.name,
      qualityBandId: parcelOrderLines.qualityBandId,
      qualityBandName: band.name,
      pieces: parcelOrderLines.pieces,
      carats: parcelOrderLines.carats,
      pricePerCarat: parcelOrderLines.pricePerCarat,
      amount: parcelOrderLines.amount,
    })
    .from(parcelOrderLines)
    .innerJoin(sieveGroups, eq(sieve.id, parcelOrderLines.sieveGroupId))
    .innerJoin(qualityBands, eq(band.id, parcelOrderLines.qualityBandId))
    .where(inArray(parcelOrderLines.orderId, [...orderIds]))
    .orderBy(asc(parcelOrderLines.orderId), asc(parcelOrderLines.position));
  for (const row of rows) {
    const { orderId, ...line } = row;
    const list = lines.get(orderId) ?? [];
    list.push({
      ...line,
      sieveGroupName: line.sieveGroupName as string,
      qualityBandName: line.qualityBandName as string,
      carats: numberOrNull(line.carats),
      pricePerCarat: Number(line.pricePerCarat),
      amount: numberOrNull(line.amount),
    });
    lines.set(orderId, list);
  }
  return lines;
}

/** One order with its lines, or undefined. */
export async function orderById(db: Db, id: string): Promise<ParcelOrderDetail | undefined> {
  const [row] = await ordersSelect(db).where(eq(parcelOrders.id, id));
  if (!row) return undefined;
  const lines = await linesOf(db, [id]);
  return { ...recordOf(row), lines: lines.get(id) ?? [] };
}

/** A page of orders with their lines: what a customer reads of their own. */
export async function orderDetailPage(
  db: Db,
  request: OrderRequest & { page: number; limit: number },
  within: SQL,
): Promise<PaginateResult<ParcelOrderDetail>> {
  const page = await orderPage(db, request, within);
  const lines = await linesOf(
    db,
    page.list.map((order) => order.id),
  );
  return { ...page, list: page.list.map((order) => ({ ...order, lines: lines.get(order.id) ?? [] })) };
}

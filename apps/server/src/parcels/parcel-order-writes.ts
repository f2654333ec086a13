import {
  type customerParcelOrderSchema,
  formatMoney,
  PARCEL_MESSAGES as M,
  PANEL_BASE,
  PARCEL_ORDER_STATUS_OPTIONS,
  PARCEL_ORDER_STATUSES,
  type parcelOrderStatusSchema,
} from '@facet/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../db/client.ts';
import { rowsOf } from '../db/sql-rows.ts';
import { fieldError, HttpError } from '../http/envelope.ts';
import { type NotificationDelivery, notify } from '../notifications/notify.ts';
import { staffFollowing } from '../notifications/staff-following.ts';
import { type Actor, recordAudit } from '../resources/audit-log.ts';
import { customerNames } from '../stock-summary/activity-notices.ts';
import { activeQualityBands, activeSieveGroups } from './parcel-masters.ts';
import { orderTotals } from './parcel-order-totals.ts';
import { sheetDateInForce } from './parcel-sheets.ts';
import { parcelOrderLines, parcelOrders, parcelPrices } from './parcel-tables.ts';

export interface OrderWrite<T> {
  result: T;
  deliveries: NotificationDelivery[];
}

const today = () => new Date().toISOString().slice(0, 10);
const statusLabel = (status: number) =>
  PARCEL_ORDER_STATUS_OPTIONS.find((option) => option.value === status)?.label.toLowerCase() ?? '';

type OrderRow = typeof parcelOrders.$inferSelect;
const trailOf = (row: OrderRow, remarks?: string | null) => ({
  orderNumber: row.orderNumber,
  userId: row.userId,
  accountId: row.accountId,
  status: row.status,
  totalCarats: row.totalCarats,
  totalAmount: row.totalAmount,
  ...(remarks ? { remarks } : {}),
});

/**
 * Staff move a pending order to done or cancelled. The row is locked first, so two moves at once take
 * turns and the second finds the order closed. The customer is told.
 */
export async function moveOrder(
  db: Db,
  actor: Actor,
  id: string,
  body: z.output<typeof parcelOrderStatusSchema>,
): Promise<OrderWrite<string>> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(parcelOrders).where(eq(parcelOrders.id, id)).for('update');
    if (!before) throw new HttpError('E_NOT_FOUND', M.orderNotFound);
    if (before.status !== PARCEL_ORDER_STATUSES.pending) throw new HttpError('E_CONFLICT', M.orderClosed);
    const [after] = await tx
      .update(parcelOrders)
      .set({
        status: body.status,
        statusChangedAt: new Date(),
        statusChangedBy: actor.auth.user.id,
        statusRemarks: body.remarks ?? null,
      })
      .where(eq(parcelOrders.id, id))
      .returning();
    if (!after) throw new Error('update returned no row');
    await recordAudit(tx, actor, {
      action: 'parcelOrder.status',
      entityType: 'parcelOrder',
      entityId: id,
      subjectUserId: after.userId,
      before: trailOf(before),
      after: trailOf(after, body.remarks),
    });
    const names = await customerNames(tx, after.userId);
    const verb = statusLabel(after.status);
    const delivery = await notify(tx, {
      action: 'order-status',
      userIds: [after.userId],
      title: `Your parcel order ${after.orderNumber} is ${verb}`,
      message: `Your parcel order ${after.orderNumber} is ${verb}.${body.remarks ? ` ${body.remarks}` : ''}`,
      values: { ...names, stone: after.orderNumber, status: verb, date: today() },
      module: 'parcelOrder',
      createdBy: actor.auth.user.id,
    });
    return { result: id, deliveries: [delivery] };
  });
}

/**
 * A customer's order, each line priced from the sheet in force today (UTC), of the active sieve groups
 * and bands only (the sheet the customer reads shows no other). The order's number comes from one
 * sequence every instance shares. Staff who follow the company are told.
 */
export async function placeOrder(
  db: Db,
  actor: Actor,
  customer: { userId: string; accountId: string },
  body: z.output<typeof customerParcelOrderSchema>,
): Promise<OrderWrite<string>> {
  return db.transaction(async (tx) => {
    const orderDate = today();
    const priceDate = await sheetDateInForce(tx, orderDate);
    if (!priceDate) throw fieldError('lines', M.noSheet);
    const [groups, bands] = await Promise.all([activeSieveGroups(tx), activeQualityBands(tx)]);
    const groupIds = new Set(groups.map((group) => group.id));
    const bandIds = new Set(bands.map((quality) => quality.id));
    body.lines.forEach((line, index) => {
      if (!groupIds.has(line.sieveGroupId))
        throw fieldError(`lines.${index}.sieveGroupId`, M.unknownSieveGroup);
      if (!bandIds.has(line.qualityBandId))
        throw fieldError(`lines.${index}.qualityBandId`, M.unknownQualityBand);
    });
    const prices = await tx
      .select({
        sieveGroupId: parcelPrices.sieveGroupId,
        qualityBandId: parcelPrices.qualityBandId,
        pricePerCarat: parcelPrices.pricePerCarat,
      })
      .from(parcelPrices)
      .where(
        and(
          eq(parcelPrices.priceDate, priceDate),
          inArray(
            parcelPrices.sieveGroupId,
            body.lines.map((line) => line.sieveGroupId),
          ),
        ),
      );
    const priceOf = new Map(
      prices.map((row) => [`${row.sieveGroupId}|${row.qualityBandId}`, Number(row.pricePerCarat)]),
    );
    const { lines, totalPieces, totalCarats, totalAmount } = orderTotals(
      body.lines.map((line, index) => {
        const price = priceOf.get(`${line.sieveGroupId}|${line.qualityBandId}`);
        if (price === undefined) throw fieldError(`lines.${index}.qualityBandId`, M.noPrice);
        return { ...line, position: index + 1, pricePerCarat: price };
      }),
    );
    const result = await tx.execute(sql`select nextval('parcel_order_number_seq')::text as next`);
    const [numbered] = rowsOf<{ next: string }>(result);
    const next = numbered?.next ?? '0';
    const [order] = await tx
      .insert(parcelOrders)
      .values({
        orderNumber: `PO-${next.padStart(6, '0')}`,
        userId: customer.userId,
        accountId: customer.accountId,
        orderDate,
        priceDate,
        status: PARCEL_ORDER_STATUSES.pending,
        notes: body.notes || null,
        totalPieces,
        totalCarats,
        totalAmount,
      })
      .returning();
    if (!order) throw new Error('insert returned no row');
    await tx.insert(parcelOrderLines).values(
      lines.map((line) => ({
        orderId: order.id,
        position: line.position,
        sieveGroupId: line.sieveGroupId,
        qualityBandId: line.qualityBandId,
        pieces: line.pieces ?? null,
        carats: line.carats ?? null,
        pricePerCarat: line.pricePerCarat,
        amount: line.amount,
      })),
    );
    await recordAudit(tx, actor, {
      action: 'parcelOrder.create',
      entityType: 'parcelOrder',
      entityId: order.id,
      subjectUserId: order.userId,
      before: null,
      after: trailOf(order),
    });
    const names = await customerNames(tx, customer.userId);
    const amount = order.totalAmount === null ? '' : ` for ${formatMoney(order.totalAmount)}`;
    // The action's setting speaks to the customer ("Thank you {name}"): staff read the event's own words.
    const toStaff = await notify(tx, {
      action: 'order',
      userIds: await staffFollowing(tx, customer.accountId, 'Parcel Order'),
      title: `Parcel order ${order.orderNumber} from ${names.name}`,
      message: `${names.name} of ${names.company || 'no company'} placed parcel order ${order.orderNumber}${amount}.`,
      useTemplate: false,
      module: 'Parcel Order',
      url: `${PANEL_BASE}/parcel/order?search=${order.orderNumber}`,
      createdBy: customer.userId,
    });
    const toCustomer = await notify(tx, {
      action: 'order',
      userIds: [customer.userId],
      title: `Parcel order ${order.orderNumber} received`,
      message: `Thank you: your parcel order ${order.orderNumber}${amount} is received. We will tell you when it is ready.`,
      values: { name: names.name, company: names.company, stone: order.orderNumber, date: orderDate },
      module: 'parcelOrder',
      createdBy: customer.userId,
    });
    return { result: order.id, deliveries: [toStaff, toCustomer] };
  });
}

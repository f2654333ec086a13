import {
  CUSTOMER_PARCEL_ENDPOINTS as C,
  type CustomerParcelOrderDetail,
  type CustomerParcelSheet,
  field,
  PARCEL_MESSAGES as M,
  PARCEL_ORDER_ENDPOINTS as O,
  PARCEL_PRICE_ENDPOINTS as P,
  PARCEL_ORDER_STATUS_OPTIONS,
  type ParcelOrderDetail,
  type ParcelOrderRecord,
  type ParcelSheet,
} from '@facet/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AuthContext } from '../access/authenticate.ts';
import type { AppContext } from '../app-context.ts';
import { FORBIDDEN, mountRoutes } from '../http/access-plugin.ts';
import { clientInfo } from '../http/client-info.ts';
import { HttpError, ok } from '../http/envelope.ts';
import { implement } from '../http/route.ts';
import { deliverNotifications, type NotificationDelivery } from '../notifications/notify.ts';
import { EXPORT_BATCH_SIZE } from '../resources/export-route.ts';
import { sendListExport } from '../resources/list-export.ts';
import { orderBatches, orderById, orderDetailPage, orderPage } from './parcel-order-queries.ts';
import { moveOrder, placeOrder } from './parcel-order-writes.ts';
import { importSheet, sendSheetFile } from './parcel-sheet-file.ts';
import { cellHistory, saveSheet, sheetDateInForce, sheetDates, sheetOf } from './parcel-sheets.ts';
import { parcelOrders } from './parcel-tables.ts';

const uuid = z.uuid();

/** The order list's columns as its file writes them. */
const ORDER_FILE_COLUMNS = [
  { key: 'orderNumber', spec: field.text('Order #') },
  { key: 'orderDate', spec: field.date('Order date') },
  { key: 'userName', spec: field.text('Customer') },
  { key: 'accountName', spec: field.text('Company') },
  { key: 'status', spec: field.enum('Status', PARCEL_ORDER_STATUS_OPTIONS) },
  { key: 'lineCount', spec: field.integer('Lines') },
  { key: 'totalPieces', spec: field.integer('Pieces') },
  { key: 'totalCarats', spec: field.decimal('Carats', { scale: 3, display: 'carat' }) },
  { key: 'totalAmount', spec: field.decimal('Amount', { scale: 2, display: 'money' }) },
  { key: 'priceDate', spec: field.date('Price sheet') },
  { key: 'notes', spec: field.longText('Notes') },
] as const satisfies readonly { key: keyof ParcelOrderRecord; spec: unknown }[];

/** After a parcel write commits: its notices go out and open order lists refresh. */
function afterCommit(ctx: AppContext, deliveries: readonly NotificationDelivery[]): void {
  for (const delivery of deliveries) deliverNotifications(ctx, delivery);
  ctx.live
    .publish({ kind: 'changed', module: 'Parcel Order', paths: [O.paginate.path] })
    .catch((error: unknown) => ctx.log.warn({ err: error }, 'publishing a live change failed'));
}

function customerOf(auth: AuthContext): { userId: string; accountId: string } {
  if (!auth.customerAccountId) throw new HttpError('E_FORBIDDEN', FORBIDDEN);
  return { userId: auth.user.id, accountId: auth.customerAccountId };
}

const today = () => new Date().toISOString().slice(0, 10);

/** What a customer reads of an order: not who on the staff moved it. */
function customerOrder(order: ParcelOrderDetail): CustomerParcelOrderDetail {
  const { statusChangedByName: _staff, ...own } = order;
  return own;
}

/** What a customer reads of a sheet: not who on the staff saved it. */
function customerSheet(sheet: ParcelSheet): CustomerParcelSheet {
  const { updatedByName: _staff, ...prices } = sheet;
  return prices;
}

/** A sheet saved empty is removed: the answer says so, with the date as the panel writes it. */
function savedMessage(saved: { date: string; cells: number; changed: number }): string {
  if (saved.cells > 0) return M.saved;
  return saved.changed > 0 ? M.removed(saved.date) : M.nothingRemoved(saved.date);
}

/** Price sheets and orders for staff, and the customer side's prices and orders. */
export function parcelRoutes(ctx: AppContext) {
  const found = async (id: string) => {
    const parsed = uuid.safeParse(id);
    const order = parsed.success ? await orderById(ctx.db, parsed.data) : undefined;
    if (!order) throw new HttpError('E_NOT_FOUND', M.orderNotFound);
    return order;
  };
  return [
    implement(P.getDates, async () => ok(M.dates, await sheetDates(ctx.db))),
    implement(P.paginate, async ({ body }) => ok(M.sheet, await sheetOf(ctx.db, body.date))),
    implement(P.upsert, async ({ body, auth, request }) => {
      const saved = await saveSheet(ctx.db, { auth, client: clientInfo(request) }, body);
      return ok(savedMessage(saved), saved);
    }),
    implement(P.history, async ({ body }) =>
      ok(M.history, await cellHistory(ctx.db, body.sieveGroupId, body.qualityBandId)),
    ),
    implement(P.export, async ({ body, reply }) =>
      sendSheetFile(reply, await sheetOf(ctx.db, body.date), body.format),
    ),
    implement(O.paginate, async ({ body }) => ok(M.orders, await orderPage(ctx.db, body))),
    implement(O.export, async ({ body, request, reply }) =>
      sendListExport(ctx, request, reply, {
        columns: ORDER_FILE_COLUMNS,
        title: 'Parcel orders',
        fileName: 'parcel-orders',
        format: body.format,
        timeZone: body.timeZone,
        batches: orderBatches(ctx.db, body, EXPORT_BATCH_SIZE),
      }),
    ),
    implement(O.get, async ({ params }) => ok(M.order, await found(params.id))),
    implement(O.updateStatus, async ({ params, body, auth, request }) => {
      const order = await found(params.id);
      const { deliveries } = await moveOrder(ctx.db, { auth, client: clientInfo(request) }, order.id, body);
      afterCommit(ctx, deliveries);
      return ok(M.statusChanged, await found(order.id));
    }),
    implement(C.currentPrices, async () => {
      const date = await sheetDateInForce(ctx.db, today());
      return ok(M.sheet, date ? customerSheet(await sheetOf(ctx.db, date)) : null);
    }),
    implement(C.orderCreate, async ({ body, auth, request }) => {
      const { result, deliveries } = await placeOrder(
        ctx.db,
        { auth, client: clientInfo(request) },
        customerOf(auth),
        body,
      );
      afterCommit(ctx, deliveries);
      return ok(M.orderPlaced, customerOrder(await found(result)));
    }),
    implement(C.orderPaginate, async ({ body, auth }) => {
      const page = await orderDetailPage(ctx.db, body, eq(parcelOrders.userId, customerOf(auth).userId));
      return ok(M.orders, { ...page, list: page.list.map(customerOrder) });
    }),
  ];
}

/** The sheet import reads multipart, in a scope of its own like every upload. */
export async function registerParcelImport(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const multipart = (await import('@fastify/multipart')).default;
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => {
      done(new HttpError('E_BAD_REQUEST', M.fileMissing), undefined);
    });
    await scope.register(multipart, { throwFileSizeLimit: false });
    mountRoutes(scope, [
      implement(P.import, async ({ request }) => ok(M.imported, { cells: await importSheet(ctx, request) })),
    ]);
  });
}

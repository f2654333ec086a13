import {
  type FieldSpec,
  field,
  OFFER_STATUS_OPTIONS,
  TRACK_TYPE_OPTIONS,
  type TrackRecord,
  type trackExportSchema,
} from '@facet/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AuthContext } from '../access/authenticate.ts';
import type { AppContext } from '../app-context.ts';
import { exportSlotFor } from '../http/export-slots.ts';
import { CONTENT_TYPES, openSheet, zoneOf } from '../resources/export-file.ts';
import { EXPORT_BATCH_SIZE } from '../resources/export-route.ts';
import { trackBatches, trackWhere, visibleTrackTypes } from './track-queries.ts';

const money = (label: string) => field.decimal(label, { scale: 2, display: 'money' });

/** The columns of an activity export: what the list shows, with the price then and now. */
const COLUMNS: readonly { spec: FieldSpec; value(record: TrackRecord): unknown }[] = [
  { spec: field.datetime('Date'), value: (record) => record.createdAt },
  { spec: field.enum('Kind', TRACK_TYPE_OPTIONS), value: (record) => record.trackType },
  { spec: field.text('Customer'), value: (record) => record.userName },
  { spec: field.text('Company'), value: (record) => record.accountName },
  { spec: field.text('Stock #'), value: (record) => record.stockNumber },
  { spec: field.text('Shape'), value: (record) => record.shape },
  { spec: field.text('Color'), value: (record) => record.color },
  { spec: field.text('Clarity'), value: (record) => record.clarity },
  { spec: field.decimal('Carat', { scale: 3, display: 'carat' }), value: (record) => record.carat },
  { spec: money('Price/ct then'), value: (record) => record.pricePerCarat },
  {
    spec: field.decimal('Rap discount % then', { scale: 2, display: 'percent' }),
    value: (record) => record.discount,
  },
  { spec: money('Amount then'), value: (record) => record.amount },
  { spec: money('Amount now'), value: (record) => record.currentAmount },
  { spec: money('Offer price/ct'), value: (record) => record.offerPricePerCarat },
  { spec: field.enum('Offer status', OFFER_STATUS_OPTIONS), value: (record) => record.offerStatus },
  { spec: field.datetime('Reminder'), value: (record) => record.reminderDate },
  { spec: field.text('Enquiry #'), value: (record) => record.enquiryNumber },
  { spec: field.longText('Remarks'), value: (record) => record.remarks },
  { spec: field.longText('Reply'), value: (record) => record.reply },
];

/** `apis/diamond-track/export`: every row of the filtered list, streamed in the reader's zone. */
export async function sendTrackExport(
  ctx: AppContext,
  body: z.output<typeof trackExportSchema>,
  auth: AuthContext,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const types = visibleTrackTypes(auth);
  // Refuses a bad filter (a range the wrong way round) before the file starts.
  trackWhere(body, types);
  const slot = await exportSlotFor(ctx.exportSlots, request, reply);
  const sheet = openSheet(
    body.format,
    'Customer activity',
    COLUMNS.map((column) => column.spec.label),
    { specs: COLUMNS.map((column) => column.spec), zone: zoneOf(body.timeZone) },
  );
  const produce = async () => {
    for await (const batch of trackBatches(ctx.db, body, types, EXPORT_BATCH_SIZE)) {
      await sheet.write(batch.map((record) => COLUMNS.map((column) => column.value(record))));
    }
    await sheet.end();
  };
  produce()
    .catch((error: unknown) => {
      request.log.error({ err: error }, 'the customer activity export failed');
      sheet.abort(error instanceof Error ? error : new Error(String(error)));
    })
    .finally(() => slot.release());
  const day = new Date().toISOString().slice(0, 10).replaceAll('-', '');
  return reply
    .header('content-type', CONTENT_TYPES[body.format])
    .header('content-disposition', `attachment; filename="customer-activity-${day}.${body.format}"`)
    .send(sheet.body);
}

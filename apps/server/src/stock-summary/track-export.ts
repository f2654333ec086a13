import {
  TRACK_LIST_KEYS,
  TRACK_TYPES,
  type TrackListKey,
  type TrackRecord,
  type trackExportSchema,
  trackListColumns,
} from '@facet/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AuthContext } from '../access/authenticate.ts';
import type { AppContext } from '../app-context.ts';
import { EXPORT_BATCH_SIZE } from '../resources/export-route.ts';
import { sendListExport } from '../resources/list-export.ts';
import { trackBatches, trackWhere, visibleTrackTypes } from './track-queries.ts';

type TrackExportRequest = z.output<typeof trackExportSchema>;

/** The list a request reads: one kind's (a filter on that kind alone), else every kind's. */
function listOf(body: TrackExportRequest): TrackListKey | null {
  const asked = body.filter?.trackType;
  const types = Array.isArray(asked) ? asked : asked === undefined ? [] : [asked];
  if (types.length !== 1) return null;
  return TRACK_LIST_KEYS.find((key) => TRACK_TYPES[key] === types[0]) ?? null;
}

/**
 * `apis/diamond-track/export`: every row of the filtered list, streamed in the reader's zone, with the
 * columns its screen shows (a cart's no offer terms, an offer's its price, status and dates).
 */
export async function sendTrackExport(
  ctx: AppContext,
  body: TrackExportRequest,
  auth: AuthContext,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const types = visibleTrackTypes(auth);
  // Refuses a bad filter (a range the wrong way round) before the file starts.
  trackWhere(body, types);
  const list = listOf(body);
  return sendListExport<TrackRecord>(ctx, request, reply, {
    columns: trackListColumns(list),
    title: 'Customer activity',
    fileName: list ?? 'customer-activity',
    format: body.format,
    timeZone: body.timeZone,
    batches: trackBatches(ctx.db, body, types, EXPORT_BATCH_SIZE),
  });
}

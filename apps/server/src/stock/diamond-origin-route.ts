import {
  DIAMOND_JOURNEY_ENDPOINTS,
  type DiamondOrigin,
  diamondJourneyEventResource,
  JOURNEY_MESSAGES,
  JOURNEY_STAGES,
  type ResourceRecord,
} from '@facet/contract';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../app-context.ts';
import { diamondJourneyEvents, stones } from '../db/schema.ts';
import { HttpError, ok } from '../http/envelope.ts';
import { implement } from '../http/route.ts';
import { columnOf, selectionOf, toRecord } from '../resources/columns.ts';
import { stoneOrigins } from './stone-summary.ts';

/** More events than any stone's journey has; a bound all the same. */
const MAX_EVENTS = 500;

const event = (key: string) => columnOf(diamondJourneyEvents, key);
const stone = (key: string) => columnOf(stones, key);

/** Stages in the order they happen, as an SQL array, so one day's events sort by it. */
const STAGE_ORDER = sql.raw(`array[${JOURNEY_STAGES.map((stage) => `'${stage.value}'`).join(', ')}]::text[]`);

async function journeyOf(ctx: AppContext, stoneId: string): Promise<ResourceRecord[]> {
  const rows = await ctx.db
    .select(selectionOf(diamondJourneyEventResource))
    .from(diamondJourneyEvents)
    .where(and(eq(event('stoneId'), stoneId), isNull(event('deletedAt'))))
    .orderBy(
      asc(event('eventDate')),
      sql`array_position(${STAGE_ORDER}, ${event('stage')})`,
      asc(event('createdAt')),
      asc(event('id')),
    )
    .limit(MAX_EVENTS);
  return rows.map((row) => toRecord(row) as ResourceRecord);
}

/**
 * `POST admin/diamond-origin` (Diamond Journey): a live stone by id or stock number (ignoring case),
 * with its grades, origin and media, and its journey from the mine in date order.
 */
export function diamondOriginRoutes(ctx: AppContext) {
  return [
    implement(DIAMOND_JOURNEY_ENDPOINTS.origin, async ({ body }) => {
      const which = body.stoneId
        ? eq(stone('id'), body.stoneId)
        : eq(sql`lower(${stone('stockNumber')})`, (body.stockNumber ?? '').toLowerCase());
      const [found] = await stoneOrigins(ctx.db, and(which, isNull(stone('deletedAt'))), [], 1);
      if (!found) throw new HttpError('E_NOT_FOUND', JOURNEY_MESSAGES.stoneNotFound);
      const data: DiamondOrigin = { stone: found, events: await journeyOf(ctx, found.id) };
      return ok(`Journey of ${found.stockNumber}.`, data);
    }),
  ];
}

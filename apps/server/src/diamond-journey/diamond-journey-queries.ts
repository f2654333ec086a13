import {
  diamondJourneyEventResource,
  JOURNEY_STAGES,
  type ResourceRecord,
  type StoneOrigin,
} from '@facet/contract';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { diamondJourneyEvents, stones } from '../db/resource-tables.ts';
import { columnOf, selectionOf, toRecord } from '../resources/columns.ts';
import { stoneOrigins } from '../stock/stone-summary.ts';

/** More events than any stone's journey has; a bound all the same. */
const MAX_EVENTS = 500;

const event = (key: string) => columnOf(diamondJourneyEvents, key);
const stone = (key: string) => columnOf(stones, key);

/** Stages in the order they happen, as an SQL array, so one day's events sort by it. */
const STAGE_ORDER = sql.raw(`array[${JOURNEY_STAGES.map((stage) => `'${stage.value}'`).join(', ')}]::text[]`);

/** A live stone by id, or else by stock number ignoring case. */
export async function liveStoneOrigin(
  db: Db,
  which: { stoneId?: string | undefined; stockNumber?: string | undefined },
): Promise<StoneOrigin | undefined> {
  const match = which.stoneId
    ? eq(stone('id'), which.stoneId)
    : eq(sql`lower(${stone('stockNumber')})`, (which.stockNumber ?? '').toLowerCase());
  const [found] = await stoneOrigins(db, and(match, isNull(stone('deletedAt'))), [], 1);
  return found;
}

/** A stone's live journey events, by day, then by stage within a day. */
export async function journeyOf(db: Db, stoneId: string): Promise<ResourceRecord[]> {
  const rows = await db
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

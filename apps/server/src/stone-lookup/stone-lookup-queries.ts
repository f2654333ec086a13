import type { StoneSummary } from '@facet/contract';
import { and, asc, eq, inArray, isNull, like, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { stones } from '../db/resource-tables.ts';
import { columnOf } from '../resources/columns.ts';
import { stoneOrigins, toSummary } from '../stock/stone-summary.ts';

const stone = (key: string) => columnOf(stones, key);

/** `%` and `_` typed by a user are literal characters; the pattern keeps the prefix. */
function prefixPattern(text: string): string {
  return `${text.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** lower() of a number, in the order of its index (`text_pattern_ops`), which a prefix search walks. */
const lowered = (key: string) => sql`lower(${stone(key)})`;
const inIndexOrder = (key: string) => sql`${lowered(key)} using ~<~`;

/**
 * Live stones whose stock or report number starts with the text, plus the stones asked by id. Exact
 * matches come first, then the stones by the stock number that starts with the text, then by the report
 * number, each in its number's order. Three small queries rather than one sorted whole: each walks its
 * number's lower() index in order and stops at the limit, so a prefix shared by the whole stock (the
 * first letter typed) reads as little as a rare one.
 */
export async function lookUpStones(
  db: Db,
  request: { search?: string | undefined; ids?: string[] | undefined; limit: number },
): Promise<StoneSummary[]> {
  const live = isNull(stone('deletedAt'));
  const text = request.search?.toLowerCase() ?? '';
  // Side by side: on PostgreSQL each takes its own pooled connection.
  const found = text
    ? (
        await Promise.all([
          stoneOrigins(
            db,
            and(live, or(eq(lowered('stockNumber'), text), eq(lowered('certificateNumber'), text))),
            [asc(stone('stockNumber'))],
            request.limit,
          ),
          stoneOrigins(
            db,
            and(live, like(lowered('stockNumber'), prefixPattern(text))),
            [inIndexOrder('stockNumber')],
            request.limit,
          ),
          stoneOrigins(
            db,
            and(live, like(lowered('certificateNumber'), prefixPattern(text))),
            [inIndexOrder('certificateNumber')],
            request.limit,
          ),
        ])
      ).flat()
    : await stoneOrigins(db, live, [asc(stone('stockNumber'))], request.limit);
  const unique = [...new Map(found.map((origin) => [origin.id, origin])).values()].slice(0, request.limit);
  const missing = (request.ids ?? []).filter((id) => !unique.some((origin) => origin.id === id));
  const asked = missing.length
    ? await stoneOrigins(db, and(live, inArray(stone('id'), missing)), [asc(stone('stockNumber'))], 50)
    : [];
  return [...asked, ...unique].map(toSummary);
}

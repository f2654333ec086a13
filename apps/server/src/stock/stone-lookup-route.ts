import { STONE_LOOKUP_PATH, type StoneSummary, stoneLookupSchema } from '@facet/contract';
import { and, asc, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../app-context.ts';
import type { Db } from '../db/client.ts';
import { stones } from '../db/schema.ts';
import { ok } from '../http/envelope.ts';
import { at, defineRoute } from '../http/route.ts';
import { columnOf } from '../resources/columns.ts';
import { stoneOrigins, toSummary } from './stone-summary.ts';

const stone = (key: string) => columnOf(stones, key);

/** `%` and `_` typed by a user are literal characters; the pattern keeps the prefix. */
function prefixPattern(text: string): string {
  return `${text.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * Live stones whose stock or report number starts with the text (an exact match first, then by stock
 * number), plus the stones asked by id. Both numbers are matched on lower(), which their indexes hold.
 */
export async function lookUpStones(
  db: Db,
  request: { search?: string | undefined; ids?: string[] | undefined; limit: number },
): Promise<StoneSummary[]> {
  const live = isNull(stone('deletedAt'));
  const text = request.search?.toLowerCase() ?? '';
  const matching: SQL | undefined = text
    ? or(
        sql`lower(${stone('stockNumber')}) like ${prefixPattern(text)}`,
        sql`lower(${stone('certificateNumber')}) like ${prefixPattern(text)}`,
      )
    : undefined;
  const exactFirst = text
    ? sql`coalesce(lower(${stone('stockNumber')}) = ${text} or lower(${stone('certificateNumber')}) = ${text}, false) desc`
    : undefined;
  const found = await stoneOrigins(
    db,
    and(live, matching),
    [...(exactFirst ? [exactFirst] : []), asc(stone('stockNumber'))],
    request.limit,
  );
  const missing = (request.ids ?? []).filter((id) => !found.some((origin) => origin.id === id));
  const asked = missing.length
    ? await stoneOrigins(db, and(live, inArray(stone('id'), missing)), [asc(stone('stockNumber'))], 50)
    : [];
  return [...asked, ...found].map(toSummary);
}

/**
 * `POST apis/diamond/lookup`. Open to every module whose screens pick a stone: a stone's identity and
 * grades are what those screens show anyway, and the lookup is not recorded as a stock search.
 */
export function stoneLookupRoutes(ctx: AppContext) {
  return [
    defineRoute({
      method: 'POST',
      url: at(STONE_LOOKUP_PATH),
      access: {
        modules: ['Stock Master', 'Dashboard Stone', 'Diamond Journey', 'Comment'],
        action: 'view',
      },
      body: stoneLookupSchema,
      handler: async ({ body }) => ok('Stones.', await lookUpStones(ctx.db, body)),
    }),
  ];
}

import {
  DEMAND_STONE_COLUMNS,
  type DemandStone,
  type demandStonesSchema,
  STOCK_SUMMARY_MESSAGES as M,
  type PaginateResult,
  stoneResource,
} from '@facet/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../db/client.ts';
import { HttpError } from '../http/envelope.ts';
import { paginateRecords } from '../resources/read.ts';
import { buyableCondition } from '../stock/stone-availability.ts';
import { stoneDemands } from './stock-summary-tables.ts';

/**
 * `apis/Demand/stones`: a page of the stones a demand matches now, those a customer can buy (visible,
 * available), read by the stock's own paginate with the demand's filter. An expired demand still shows
 * what it would match; a removed one is not found.
 */
export async function demandStonePage(
  db: Db,
  request: z.output<typeof demandStonesSchema>,
): Promise<PaginateResult<DemandStone>> {
  const [demand] = await db
    .select({ filter: stoneDemands.filter })
    .from(stoneDemands)
    .where(and(eq(stoneDemands.id, request.id), isNull(stoneDemands.deletedAt)));
  if (!demand) throw new HttpError('E_NOT_FOUND', M.demandNotFound);
  const page = await paginateRecords(
    db,
    stoneResource,
    {
      filter: demand.filter as Record<string, unknown>,
      page: request.page,
      limit: request.limit,
      columns: DEMAND_STONE_COLUMNS,
    },
    buyableCondition(),
  );
  // The stock's totals are not this list's: the count is.
  return { list: page.list as unknown as DemandStone[], count: page.count };
}

import {
  type MainMaster,
  type mainMasterListSchema,
  masterResource,
  type PaginateResult,
  type ResourceRecord,
  type subMasterPaginateSchema,
} from '@facet/contract';
import { and, asc, count, desc, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../db/client.ts';
import { likePattern, pageOf } from '../db/paging.ts';
import { masters } from '../db/resource-tables.ts';
import { columnOf, selectionOf, toRecord } from '../resources/columns.ts';

const col = (key: string) => columnOf(masters, key);

/** The live main masters (those without a parent), or those with these codes, ignoring case. */
export async function mainMasters(
  db: Db,
  body: z.output<typeof mainMasterListSchema>,
): Promise<MainMaster[]> {
  const codes = body.code?.map((code) => code.toLowerCase());
  const rows = await db
    .select({ id: col('id'), code: col('code'), name: col('name') })
    .from(masters)
    .where(
      and(
        isNull(col('parentId')),
        isNull(col('deletedAt')),
        codes ? inArray(sql`lower(${col('code')})`, codes) : undefined,
      ),
    )
    .orderBy(asc(col('sequence')), asc(col('name')), asc(col('id')));
  return rows.map((row) => ({
    id: row.id as string,
    code: row.code as string,
    name: row.name as string,
  }));
}

/** One page of the active, live values of a main master. */
export async function subMasterPage(
  db: Db,
  body: z.output<typeof subMasterPaginateSchema>,
): Promise<PaginateResult<ResourceRecord>> {
  const pattern = body.search ? likePattern(body.search) : undefined;
  const where = and(
    eq(col('parentId'), body.filter.parentId),
    eq(col('isActive'), true),
    isNull(col('deletedAt')),
    pattern ? or(ilike(col('name'), pattern), ilike(col('code'), pattern)) : undefined,
  );
  const direction = body.sort?.sequence?.toLowerCase() === 'desc' ? desc : asc;
  const { limit, offset } = pageOf(body);
  const [rows, [total]] = await Promise.all([
    db
      .select(selectionOf(masterResource))
      .from(masters)
      .where(where)
      .orderBy(direction(col('sequence')), asc(col('name')), asc(col('id')))
      .limit(limit)
      .offset(offset),
    db.select({ value: count() }).from(masters).where(where),
  ]);
  return {
    list: rows.map((row) => toRecord(row) as ResourceRecord),
    count: total?.value ?? 0,
  };
}

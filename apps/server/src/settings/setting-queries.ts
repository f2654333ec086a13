import { settingResource } from '@facet/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { tableFor } from '../db/tables.ts';
import { columnOf } from '../resources/columns.ts';

/** The id of the live setting with this key, ignoring case; undefined when there is none. */
export async function settingIdByKey(db: Db, key: string): Promise<string | undefined> {
  const table = tableFor(settingResource);
  const [row] = await db
    .select({ id: columnOf(table, 'id') })
    .from(table)
    .where(
      and(eq(sql`lower(${columnOf(table, 'key')})`, key.toLowerCase()), isNull(columnOf(table, 'deletedAt'))),
    );
  return row?.id as string | undefined;
}

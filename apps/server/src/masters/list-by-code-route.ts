import { MASTER_ENDPOINTS, masterResource, type RecordOf, STAFF_USER_TYPES } from '@facet/contract';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../app-context.ts';
import { masters } from '../db/resource-tables.ts';
import { FORBIDDEN } from '../http/access-plugin.ts';
import { HttpError, ok } from '../http/envelope.ts';
import { implement } from '../http/route.ts';
import { columnOf, selectionOf, toRecord } from '../resources/columns.ts';

const col = (key: string) => columnOf(masters, key);

/**
 * `apis/master/list-by-code`: the active values of the named masters, ordered by sequence, grouped by
 * the codes as asked (matched ignoring case; a code with no master answers an empty list).
 *
 * Any signed-in staff user may read it, whatever their modules: the values feed the choices of forms
 * in other modules (a company's business type, a document's type), and they are the trade's
 * vocabularies, nothing confidential. Customers are refused: their screens are not the panel's forms.
 */
export function listByCodeRoutes(ctx: AppContext) {
  return [
    implement(MASTER_ENDPOINTS.listByCode, async ({ body, auth }) => {
      if (!STAFF_USER_TYPES.includes(auth.user.type)) throw new HttpError('E_FORBIDDEN', FORBIDDEN);
      const codes = [...new Set(Array.isArray(body.code) ? body.code : [body.code])];
      const mains = await ctx.db
        .select({ id: col('id'), code: col('code') })
        .from(masters)
        .where(
          and(
            isNull(col('parentId')),
            isNull(col('deletedAt')),
            inArray(
              sql`lower(${col('code')})`,
              codes.map((code) => code.toLowerCase()),
            ),
          ),
        );
      const values = mains.length
        ? await ctx.db
            .select(selectionOf(masterResource))
            .from(masters)
            .where(
              and(
                inArray(
                  col('parentId'),
                  mains.map((main) => main.id),
                ),
                eq(col('isActive'), true),
                isNull(col('deletedAt')),
              ),
            )
            .orderBy(asc(col('sequence')), asc(col('name')), asc(col('id')))
        : [];
      const grouped: Record<string, RecordOf<typeof masterResource>[]> = {};
      for (const code of codes) {
        const ids = new Set(
          mains
            .filter((main) => String(main.code).toLowerCase() === code.toLowerCase())
            .map((main) => main.id),
        );
        grouped[code] = values
          .filter((row) => ids.has(row.parentId))
          .map((row) => toRecord(row) as RecordOf<typeof masterResource>);
      }
      return ok('Masters by code.', grouped);
    }),
  ];
}

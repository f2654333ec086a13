import {
  can,
  LAYOUT_MASTER_ENDPOINTS,
  layoutMasterResource,
  type MainMaster,
  masterResource,
  RESOURCE_MESSAGES,
  type RecordOf,
  type ResourceRecord,
  type ResourceSpec,
} from '@facet/contract';
import { and, asc, count, desc, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import type { AppContext } from '../app-context.ts';
import { likePattern, pageOf } from '../db/paging.ts';
import { masters } from '../db/schema.ts';
import { FORBIDDEN, holderOf } from '../http/access-plugin.ts';
import { clientInfo } from '../http/client-info.ts';
import { HttpError, ok } from '../http/envelope.ts';
import { type AppRoute, implement } from '../http/route.ts';
import { columnOf, selectionOf, toRecord } from '../resources/columns.ts';
import { readRecord } from '../resources/read.ts';
import { createRecord, updateRecord } from '../resources/writes.ts';

const MODULE = layoutMasterResource.module;
const col = (key: string) => columnOf(masters, key);

/** The engine reads a row by its declaration, as RecordOf types it (the answer check holds it to that). */
async function mustRead<const R extends ResourceSpec>(
  ctx: AppContext,
  resource: R,
  id: string,
): Promise<RecordOf<R>> {
  const record = await readRecord(ctx.db, resource, id);
  if (!record) throw new HttpError('E_NOT_FOUND', RESOURCE_MESSAGES.notFound);
  return record as unknown as RecordOf<R>;
}

/**
 * The layout calls around the masters (spec section 7, "Layout"): the main masters and the values of
 * one, from which a layout master's criteria are picked, and the layout master's upsert. The engine
 * answers the rest of `admin/layoutmaster/*` (its create is the spec's `admin/layoutmaster/create`).
 */
export function layoutMasterRoutes(ctx: AppContext): AppRoute[] {
  return [
    implement(LAYOUT_MASTER_ENDPOINTS.mainMasters, async ({ body }) => {
      const codes = body.code?.map((code) => code.toLowerCase());
      const rows = await ctx.db
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
      const data: MainMaster[] = rows.map((row) => ({
        id: row.id as string,
        code: row.code as string,
        name: row.name as string,
      }));
      return ok('Main masters.', data);
    }),
    implement(LAYOUT_MASTER_ENDPOINTS.subMasters, async ({ body }) => {
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
        ctx.db
          .select(selectionOf(masterResource))
          .from(masters)
          .where(where)
          .orderBy(direction(col('sequence')), asc(col('name')), asc(col('id')))
          .limit(limit)
          .offset(offset),
        ctx.db.select({ value: count() }).from(masters).where(where),
      ]);
      return ok('Master values.', {
        list: rows.map((row) => toRecord(row) as ResourceRecord),
        count: total?.value ?? 0,
      });
    }),
    implement(LAYOUT_MASTER_ENDPOINTS.upsert, async ({ body, auth, request }) => {
      const actor = { auth, client: clientInfo(request) };
      const { id, ...fields } = body as Record<string, unknown> & { id?: string };
      if (id === undefined) {
        const created = await createRecord(ctx.db, actor, layoutMasterResource, fields);
        return ok(RESOURCE_MESSAGES.created, await mustRead(ctx, layoutMasterResource, created));
      }
      // The route lets in who may add; changing an existing one takes the update permission.
      if (!can(holderOf(auth), MODULE, 'update')) throw new HttpError('E_FORBIDDEN', FORBIDDEN);
      await updateRecord(ctx.db, actor, layoutMasterResource, id, fields);
      return ok(RESOURCE_MESSAGES.updated, await mustRead(ctx, layoutMasterResource, id));
    }),
  ];
}

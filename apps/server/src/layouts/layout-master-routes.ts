import {
  can,
  LAYOUT_MASTER_ENDPOINTS,
  layoutMasterResource,
  RESOURCE_MESSAGES,
  type RecordOf,
  type ResourceSpec,
  resourceOutcomeMessage,
} from '@facet/contract';
import type { AppContext } from '../app-context.ts';
import { FORBIDDEN, holderOf } from '../http/access-plugin.ts';
import { clientInfo } from '../http/client-info.ts';
import { HttpError, ok } from '../http/envelope.ts';
import { type AppRoute, implement } from '../http/route.ts';
import { readRecord } from '../resources/read.ts';
import { createRecord, updateRecord } from '../resources/writes.ts';
import { mainMasters, subMasterPage } from './layout-master-queries.ts';

const MODULE = layoutMasterResource.module;

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
    implement(LAYOUT_MASTER_ENDPOINTS.mainMasters, async ({ body }) =>
      ok('Main masters.', await mainMasters(ctx.db, body)),
    ),
    implement(LAYOUT_MASTER_ENDPOINTS.subMasters, async ({ body }) =>
      ok('Master values.', await subMasterPage(ctx.db, body)),
    ),
    implement(LAYOUT_MASTER_ENDPOINTS.upsert, async ({ body, auth, request }) => {
      const actor = { auth, client: clientInfo(request) };
      const { id, ...fields } = body as Record<string, unknown> & { id?: string };
      if (id === undefined) {
        const created = await createRecord(ctx, actor, layoutMasterResource, fields);
        const record = await mustRead(ctx, layoutMasterResource, created);
        return ok(resourceOutcomeMessage(layoutMasterResource, record, 'created'), record);
      }
      // The route lets in who may add; changing an existing one takes the update permission.
      if (!can(holderOf(auth), MODULE, 'update')) throw new HttpError('E_FORBIDDEN', FORBIDDEN);
      await updateRecord(ctx, actor, layoutMasterResource, id, fields);
      const record = await mustRead(ctx, layoutMasterResource, id);
      return ok(resourceOutcomeMessage(layoutMasterResource, record, 'saved'), record);
    }),
  ];
}

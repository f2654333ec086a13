import {
  bulkSequenceSchema,
  createSchemaOf,
  exportSchemaOf,
  paginateSchemaOf,
  RESOURCE_MESSAGES,
  RESOURCES,
  type ResourceSpec,
  resourcePaths,
  updateSchemaOf,
} from '@facet/contract';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../app-context.ts';
import { clientInfo } from '../http/client-info.ts';
import { HttpError, ok } from '../http/envelope.ts';
import { idParam } from '../http/params.ts';
import { type AppRoute, at, defineRoute } from '../http/route.ts';
import { saveSequence } from './bulk-sequence.ts';
import { columnOf } from './columns.ts';
import { exportRoute } from './export-route.ts';
import { recordHistory } from './history.ts';
import { paginateRecords, readRecord } from './read.ts';
import { tableFor } from './tables.ts';
import { createRecord, deleteRecord, updateRecord } from './writes.ts';

async function mustRead(ctx: AppContext, resource: ResourceSpec, id: string) {
  const record = await readRecord(ctx.db, resource, id);
  if (!record) throw new HttpError('E_NOT_FOUND', RESOURCE_MESSAGES.notFound);
  return record;
}

/** The generic endpoints of one resource, each gated by the resource's module. */
export function routesOf(ctx: AppContext, resource: ResourceSpec): AppRoute[] {
  const paths = resourcePaths(resource);
  const module = resource.module;
  const byId = at(paths.byId(':id'));
  const routes: AppRoute[] = [
    defineRoute({
      method: 'POST',
      url: at(paths.paginate),
      access: { module, action: 'view' },
      body: paginateSchemaOf(resource),
      handler: async ({ body }) =>
        ok(`${resource.title} list.`, await paginateRecords(ctx.db, resource, body)),
    }),
    defineRoute({
      method: 'GET',
      url: byId,
      access: { module, action: 'view' },
      handler: async ({ request }) =>
        ok(`${resource.title}.`, await mustRead(ctx, resource, idParam(request, RESOURCE_MESSAGES.notFound))),
    }),
    defineRoute({
      method: 'GET',
      url: at(paths.history(':id')),
      access: { module, action: 'view' },
      handler: async ({ request }) => {
        const id = idParam(request, RESOURCE_MESSAGES.notFound);
        // Deleted records keep their history; an id that never existed has none to show.
        const table = tableFor(resource);
        const [row] = await ctx.db
          .select({ id: columnOf(table, 'id') })
          .from(table)
          .where(eq(columnOf(table, 'id'), id));
        if (!row) throw new HttpError('E_NOT_FOUND', RESOURCE_MESSAGES.notFound);
        return ok(`${resource.title} history.`, await recordHistory(ctx.db, resource, id));
      },
    }),
  ];
  if (resource.operations.create) {
    routes.push(
      defineRoute({
        method: 'POST',
        url: at(paths.create),
        access: { module, action: 'insert' },
        body: createSchemaOf(resource),
        handler: async ({ body, auth, request }) => {
          const id = await createRecord(ctx.db, { auth, client: clientInfo(request) }, resource, body);
          return ok(RESOURCE_MESSAGES.created, await mustRead(ctx, resource, id));
        },
      }),
    );
  }
  if (resource.operations.update) {
    routes.push(
      defineRoute({
        method: 'PUT',
        url: byId,
        access: { module, action: 'update' },
        body: updateSchemaOf(resource),
        handler: async ({ body, auth, request }) => {
          const id = idParam(request, RESOURCE_MESSAGES.notFound);
          await updateRecord(ctx.db, { auth, client: clientInfo(request) }, resource, id, body);
          return ok(RESOURCE_MESSAGES.updated, await mustRead(ctx, resource, id));
        },
      }),
    );
  }
  if (resource.operations.delete) {
    routes.push(
      defineRoute({
        method: 'DELETE',
        url: byId,
        access: { module, action: 'delete' },
        handler: async ({ auth, request }) => {
          const id = idParam(request, RESOURCE_MESSAGES.notFound);
          await deleteRecord(ctx.db, { auth, client: clientInfo(request) }, resource, id);
          return ok(RESOURCE_MESSAGES.deleted, { id });
        },
      }),
    );
  }
  if (resource.operations.export) {
    routes.push(exportRoute(ctx, resource, exportSchemaOf(resource)));
  }
  if (resource.sequenceField) {
    routes.push(
      defineRoute({
        method: 'POST',
        url: at(paths.bulkSequence),
        access: { module, action: 'update' },
        body: bulkSequenceSchema,
        handler: async ({ body, auth, request }) => {
          await saveSequence(ctx.db, { auth, client: clientInfo(request) }, resource, body.list);
          return ok(RESOURCE_MESSAGES.sequenceUpdated, { count: body.list.length });
        },
      }),
    );
  }
  return routes;
}

/** Every declared resource's endpoints. */
export function resourceRoutes(ctx: AppContext): AppRoute[] {
  return RESOURCES.flatMap((resource) => routesOf(ctx, resource));
}

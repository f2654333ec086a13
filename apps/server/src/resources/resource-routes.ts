import {
  type AdminAction,
  bulkSequenceSchema,
  createSchemaOf,
  destroyBodySchema,
  exportSchemaOf,
  isScopedByView,
  LIST_EXPORT_FORMATS,
  modulesOf,
  paginateSchemaOf,
  RESOURCE_MESSAGES,
  RESOURCES,
  type ResourceSpec,
  resourcePaths,
  updateByBodySchemaOf,
  updateSchemaOf,
} from '@facet/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../app-context.ts';
import type { AuthContext } from '../auth/authenticate.ts';
import { clientInfo } from '../http/client-info.ts';
import { HttpError, ok } from '../http/envelope.ts';
import { idParam } from '../http/params.ts';
import { type AppRoute, at, defineRoute, type RouteAccess } from '../http/route.ts';
import { saveSequence } from './bulk-sequence.ts';
import { columnOf } from './columns.ts';
import { hooksOf } from './domain-hooks.ts';
import { exportRoute } from './export-route.ts';
import { recordHistory } from './history.ts';
import { paginateRecords, readRecord } from './read.ts';
import { assertRecordInScope, assertValuesInScope, type Scope, scopeCondition, scopeOf } from './scope.ts';
import { tableFor } from './tables.ts';
import { createRecord, deleteRecord, updateRecord } from './writes.ts';

async function mustRead(ctx: AppContext, resource: ResourceSpec, id: string, scope: Scope = null) {
  const record = await readRecord(ctx.db, resource, id);
  if (!record) throw new HttpError('E_NOT_FOUND', RESOURCE_MESSAGES.notFound);
  assertRecordInScope(scope, record);
  return record;
}

const uuid = z.uuid();

/** The live record named by `{api}/:id`: by id, else by the declared key field (`apis/setting/{key}`). */
async function idOrKey(ctx: AppContext, resource: ResourceSpec, request: FastifyRequest): Promise<string> {
  const raw = (request.params as Record<string, unknown> | undefined)?.id;
  if (!resource.keyField || uuid.safeParse(raw).success || typeof raw !== 'string') {
    return idParam(request, RESOURCE_MESSAGES.notFound);
  }
  const table = tableFor(resource);
  const [row] = await ctx.db
    .select({ id: columnOf(table, 'id') })
    .from(table)
    .where(
      and(
        eq(sql`lower(${columnOf(table, resource.keyField)})`, raw.toLowerCase()),
        isNull(columnOf(table, 'deletedAt')),
      ),
    );
  if (!row) throw new HttpError('E_NOT_FOUND', RESOURCE_MESSAGES.notFound);
  return row.id as string;
}

/**
 * The generic endpoints of one resource, each gated by the resource's module (or, for a resource
 * scoped by view, by any of its views' modules and narrowed to those views' rows). They answer under
 * the resource's API base and under each of its aliases, and at its legacy one-off paths.
 */
export function routesOf(ctx: AppContext, resource: ResourceSpec): AppRoute[] {
  const scoped = isScopedByView(resource);
  const access = (action: AdminAction): Exclude<RouteAccess, { public: true }> =>
    scoped ? { modules: modulesOf(resource), action } : { module: resource.module, action };
  const scope = (auth: AuthContext, action: AdminAction) => scopeOf(resource, auth, action);
  const actorOf = (auth: AuthContext, request: FastifyRequest) => ({ auth, client: clientInfo(request) });

  const remove = async (auth: AuthContext, request: FastifyRequest, id: string) => {
    const current = await mustRead(ctx, resource, id, scope(auth, 'delete'));
    await deleteRecord(ctx.db, actorOf(auth, request), resource, current.id);
    return ok(RESOURCE_MESSAGES.deleted, { id });
  };
  const update = async (
    auth: AuthContext,
    request: FastifyRequest,
    id: string,
    body: Record<string, unknown>,
  ) => {
    const within = scope(auth, 'update');
    const current = await mustRead(ctx, resource, id, within);
    assertValuesInScope(within, { ...current, ...body });
    await updateRecord(ctx.db, actorOf(auth, request), resource, id, body);
    return ok(RESOURCE_MESSAGES.updated, await mustRead(ctx, resource, id));
  };
  const resequence = async (
    auth: AuthContext,
    request: FastifyRequest,
    list: { id: string; sequence: number }[],
  ) => {
    const within = scope(auth, 'update');
    if (within) for (const item of list) await mustRead(ctx, resource, item.id, within);
    await saveSequence(ctx.db, actorOf(auth, request), resource, list);
    return ok(RESOURCE_MESSAGES.sequenceUpdated, { count: list.length });
  };

  const at_ = (api: string): AppRoute[] => {
    const paths = resourcePaths({ ...resource, api });
    const byId = at(paths.byId(':id'));
    const routes: AppRoute[] = [
      defineRoute({
        method: 'POST',
        url: at(paths.paginate),
        access: access('view'),
        body: paginateSchemaOf(resource),
        handler: async ({ body, auth }) => {
          const within = scopeCondition(resource, scope(auth, 'view'), body.filter);
          const started = performance.now();
          const result = await paginateRecords(ctx.db, resource, body, within);
          hooksOf(resource).afterList?.(ctx, auth, body, result, performance.now() - started);
          return ok(`${resource.title} list.`, result);
        },
      }),
      defineRoute({
        method: 'GET',
        url: byId,
        access: access('view'),
        handler: async ({ request, auth }) =>
          ok(
            `${resource.title}.`,
            await mustRead(ctx, resource, await idOrKey(ctx, resource, request), scope(auth, 'view')),
          ),
      }),
      defineRoute({
        method: 'GET',
        url: at(paths.history(':id')),
        access: access('view'),
        handler: async ({ request, auth }) => {
          const id = idParam(request, RESOURCE_MESSAGES.notFound);
          // Deleted records keep their history; an id that never existed has none to show.
          const table = tableFor(resource);
          const within = scope(auth, 'view');
          const [row] = await ctx.db
            .select()
            .from(table)
            .where(eq(columnOf(table, 'id'), id));
          if (!row) throw new HttpError('E_NOT_FOUND', RESOURCE_MESSAGES.notFound);
          assertRecordInScope(within, row);
          return ok(`${resource.title} history.`, await recordHistory(ctx.db, resource, id));
        },
      }),
    ];
    if (resource.operations.create) {
      routes.push(
        defineRoute({
          method: 'POST',
          url: at(paths.create),
          access: access('insert'),
          body: createSchemaOf(resource),
          handler: async ({ body, auth, request }) => {
            assertValuesInScope(scope(auth, 'insert'), body);
            const id = await createRecord(ctx.db, actorOf(auth, request), resource, body);
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
          access: access('update'),
          body: updateSchemaOf(resource),
          handler: async ({ body, auth, request }) =>
            update(auth, request, idParam(request, RESOURCE_MESSAGES.notFound), body),
        }),
      );
    }
    if (resource.operations.delete) {
      routes.push(
        defineRoute({
          method: 'DELETE',
          url: byId,
          access: access('delete'),
          handler: async ({ auth, request }) =>
            remove(auth, request, idParam(request, RESOURCE_MESSAGES.notFound)),
        }),
      );
    }
    if (resource.operations.export) {
      routes.push(
        exportRoute(ctx, resource, exportSchemaOf(resource, LIST_EXPORT_FORMATS), {
          api,
          access: access('view'),
          within: (body, request) =>
            scopeCondition(resource, scope(request.auth as AuthContext, 'view'), body.filter),
        }),
      );
    }
    if (resource.sequenceField) routes.push(sequenceRoute(paths.bulkSequence));
    return routes;
  };

  const sequenceRoute = (path: string) =>
    defineRoute({
      method: 'POST',
      url: at(path),
      access: access('update'),
      body: bulkSequenceSchema,
      handler: async ({ body, auth, request }) => resequence(auth, request, body.list),
    });

  const legacy = resource.legacyPaths ?? {};
  return [
    ...[resource.api, ...(resource.aliases ?? [])].flatMap(at_),
    ...(resource.operations.delete
      ? (legacy.destroy ?? []).map((path) =>
          defineRoute({
            method: 'POST',
            url: at(path),
            access: access('delete'),
            body: destroyBodySchema,
            handler: async ({ body, auth, request }) => remove(auth, request, body.id),
          }),
        )
      : []),
    ...(resource.operations.update
      ? (legacy.updateByBody ?? []).map((path) =>
          defineRoute({
            method: 'POST',
            url: at(path),
            access: access('update'),
            body: updateByBodySchemaOf(resource),
            handler: async ({ body: { id, ...fields }, auth, request }) =>
              update(auth, request, id as string, fields),
          }),
        )
      : []),
    ...(resource.sequenceField ? (legacy.sequence ?? []).map(sequenceRoute) : []),
  ];
}

/** Every declared resource's endpoints. */
export function resourceRoutes(ctx: AppContext): AppRoute[] {
  return RESOURCES.flatMap((resource) => routesOf(ctx, resource));
}

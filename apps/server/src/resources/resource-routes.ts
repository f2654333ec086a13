import {
  type AdminAction,
  legacyResourceEndpoints,
  RESOURCE_MESSAGES,
  type ResourceEndpoints,
  type ResourceSpec,
  resourceEndpointsAt,
  resourceOutcomeMessage,
} from '@facet/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AuthContext } from '../access/authenticate.ts';
import type { AppContext } from '../app-context.ts';
import { tableFor } from '../db/tables.ts';
import { clientInfo } from '../http/client-info.ts';
import { HttpError, ok } from '../http/envelope.ts';
import { idParam } from '../http/params.ts';
import { type AppRoute, implement } from '../http/route.ts';
import { saveSequence } from './bulk-sequence.ts';
import { columnOf } from './columns.ts';
import { hooksOf } from './domain-hooks.ts';
import { exportRoute } from './export-route.ts';
import { recordHistory } from './history.ts';
import { paginateRecords, readRecord } from './read.ts';
import { usageContextOf } from './record-usage.ts';
import { assertRecordInScope, assertValuesInScope, type Scope, scopeCondition, scopeOf } from './scope.ts';
import { createRecord, deleteRecord, updateRecord } from './writes.ts';

async function mustRead(ctx: AppContext, resource: ResourceSpec, id: string, scope: Scope = null) {
  const record = await readRecord(ctx.db, resource, id);
  if (!record) throw new HttpError('E_NOT_FOUND', RESOURCE_MESSAGES.notFound);
  assertRecordInScope(scope, record);
  return record;
}

const uuid = z.uuid();

/** `{api}/bulk-sequence-update`, or a legacy path answering like it. */
type SequenceEndpoint =
  | NonNullable<ResourceEndpoints['bulkSequence']>
  | ReturnType<typeof legacyResourceEndpoints>['sequence'][number];

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
 * the resource's API base and under each of its aliases, and at its legacy one-off paths, all declared
 * by the contract's resourceEndpointTable.
 */
export function routesOf(ctx: AppContext, resource: ResourceSpec): AppRoute[] {
  const scope = (auth: AuthContext, action: AdminAction) => scopeOf(resource, auth, action);
  const actorOf = (auth: AuthContext, request: FastifyRequest) => ({ auth, client: clientInfo(request) });

  const remove = async (auth: AuthContext, request: FastifyRequest, id: string) => {
    const current = await mustRead(ctx, resource, id, scope(auth, 'delete'));
    await deleteRecord(usageContextOf(ctx), actorOf(auth, request), resource, current.id);
    return ok(resourceOutcomeMessage(resource, current, 'deleted'), { id });
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
    await updateRecord(ctx, actorOf(auth, request), resource, id, body);
    const saved = await mustRead(ctx, resource, id);
    return ok(resourceOutcomeMessage(resource, saved, 'saved'), saved);
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
    const endpoints = resourceEndpointsAt(resource, api);
    const routes: AppRoute[] = [
      implement(endpoints.paginate, async ({ body, auth }) => {
        const within = scopeCondition(resource, scope(auth, 'view'), body.filter);
        const started = performance.now();
        const result = await paginateRecords(ctx.db, resource, body, within);
        hooksOf(ctx.resourceHooks, resource).afterList?.(
          ctx,
          auth,
          body,
          result,
          performance.now() - started,
        );
        return ok(`${resource.title} list.`, result);
      }),
      implement(endpoints.read, async ({ request, auth }) =>
        ok(
          `${resource.title}.`,
          await mustRead(ctx, resource, await idOrKey(ctx, resource, request), scope(auth, 'view')),
        ),
      ),
      implement(endpoints.history, async ({ request, auth }) => {
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
      }),
    ];
    if (endpoints.create) {
      routes.push(
        implement(endpoints.create, async ({ body, auth, request }) => {
          assertValuesInScope(scope(auth, 'insert'), body);
          const id = await createRecord(ctx, actorOf(auth, request), resource, body);
          const created = await mustRead(ctx, resource, id);
          return ok(resourceOutcomeMessage(resource, created, 'created'), created);
        }),
      );
    }
    if (endpoints.update) {
      routes.push(
        implement(endpoints.update, async ({ body, auth, request }) =>
          update(auth, request, idParam(request, RESOURCE_MESSAGES.notFound), body),
        ),
      );
    }
    if (endpoints.delete) {
      routes.push(
        implement(endpoints.delete, async ({ auth, request }) =>
          remove(auth, request, idParam(request, RESOURCE_MESSAGES.notFound)),
        ),
      );
    }
    if (endpoints.export) {
      routes.push(
        exportRoute(ctx, resource, endpoints.export, (body, auth) =>
          scopeCondition(resource, scope(auth, 'view'), body.filter),
        ),
      );
    }
    if (endpoints.bulkSequence) routes.push(sequenceRoute(endpoints.bulkSequence));
    return routes;
  };

  const sequenceRoute = (endpoint: SequenceEndpoint) =>
    implement(endpoint, async ({ body, auth, request }) => resequence(auth, request, body.list));

  const legacy = legacyResourceEndpoints(resource);
  return [
    ...[resource.api, ...(resource.aliases ?? [])].flatMap(at_),
    ...legacy.destroy.map((endpoint) =>
      implement(endpoint, async ({ body, auth, request }) => remove(auth, request, body.id)),
    ),
    ...legacy.updateByBody.map((endpoint) =>
      implement(endpoint, async ({ body: { id, ...fields }, auth, request }) =>
        update(auth, request, id as string, fields),
      ),
    ),
    ...legacy.sequence.map(sequenceRoute),
  ];
}

/** Every declared resource's endpoints. */
export function resourceRoutes(ctx: AppContext): AppRoute[] {
  return ctx.contract.resources.flatMap((resource) => routesOf(ctx, resource));
}

import {
  criteriaExportQuerySchema,
  criteriaSaveSchema,
  NONCERT_MESSAGES,
  NONCERT_PATHS,
  nonCertDiamondResource,
  nonCertResource,
  nonCertToggleSchema,
  paginateSchemaOf,
  RESOURCE_MESSAGES,
  type ResourceSpec,
  updateSchemaOf,
} from '@facet/contract';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../app-context.ts';
import type { AuthContext } from '../auth/authenticate.ts';
import { clientInfo } from '../http/client-info.ts';
import { fieldError, HttpError, ok } from '../http/envelope.ts';
import { inExportSlot } from '../http/export-slots.ts';
import { idParam } from '../http/params.ts';
import { type AppRoute, at, defineRoute } from '../http/route.ts';
import { CONTENT_TYPES } from '../resources/export-file.ts';
import { paginateRecords, readRecord } from '../resources/read.ts';
import { updateRecord } from '../resources/writes.ts';
import { criteriaCsv, criteriaFileName, criteriaWorkbook } from './criteria-export.ts';
import { criteriaOf, saveCriteria } from './criteria-store.ts';

const module = nonCertResource.module;
const actorOf = (auth: AuthContext, request: FastifyRequest) => ({ auth, client: clientInfo(request) });

async function mustRead(ctx: AppContext, resource: ResourceSpec, id: string, notFound: string) {
  const record = await readRecord(ctx.db, resource, id);
  if (!record) throw new HttpError('E_NOT_FOUND', notFound);
  return record;
}

/** `admin/details/view`: a paginate body naming the lot whose stones it lists. */
const detailsViewSchema = paginateSchemaOf(nonCertDiamondResource).extend({
  id: z.uuid({ error: NONCERT_MESSAGES.lotNotFound }),
});

/**
 * The spec's non-certified calls that are not the generic endpoints of the lot (`admin/cert/*`) and of
 * its stones (`admin/details/*`): the lot's view and toggle, its criteria (saved as one set, read,
 * exported), and its stones listed by lot and read or changed one at a time. All under NonCert.
 */
export function nonCertRoutes(ctx: AppContext): AppRoute[] {
  return [
    defineRoute({
      method: 'GET',
      url: at(NONCERT_PATHS.view(':id')),
      access: { module, action: 'view' },
      handler: async ({ request }) => {
        const id = idParam(request, NONCERT_MESSAGES.lotNotFound);
        return ok(
          `${nonCertResource.title}.`,
          await mustRead(ctx, nonCertResource, id, NONCERT_MESSAGES.lotNotFound),
        );
      },
    }),
    defineRoute({
      method: 'POST',
      url: at(NONCERT_PATHS.toggle),
      access: { module, action: 'update' },
      body: nonCertToggleSchema,
      handler: async ({ body, auth, request }) => {
        await updateRecord(
          ctx.db,
          actorOf(auth, request),
          nonCertResource,
          body.id,
          { isActive: body.isActive },
          'status',
        );
        return ok(
          NONCERT_MESSAGES.toggled(body.isActive),
          await mustRead(ctx, nonCertResource, body.id, NONCERT_MESSAGES.lotNotFound),
        );
      },
    }),
    defineRoute({
      method: 'POST',
      url: at(NONCERT_PATHS.criteriaCreate),
      access: { module, action: 'insert' },
      body: criteriaSaveSchema,
      handler: async ({ body, auth, request }) => {
        await saveCriteria(ctx.db, actorOf(auth, request), body.nonCertId, body.criteria);
        return ok(NONCERT_MESSAGES.criteriaSaved, await criteriaOf(ctx.db, body.nonCertId));
      },
    }),
    defineRoute({
      method: 'GET',
      url: at(NONCERT_PATHS.criteriaView(':id')),
      access: { module, action: 'view' },
      handler: async ({ request }) =>
        ok(
          NONCERT_MESSAGES.criteria,
          await criteriaOf(ctx.db, idParam(request, NONCERT_MESSAGES.lotNotFound)),
        ),
    }),
    criteriaExportRoute(ctx),
    defineRoute({
      method: 'POST',
      url: at(NONCERT_PATHS.detailsView),
      access: { module, action: 'view' },
      body: detailsViewSchema,
      handler: async ({ body: { id, ...list } }) => {
        const lot = await mustRead(ctx, nonCertResource, id, NONCERT_MESSAGES.lotNotFound);
        const page = await paginateRecords(ctx.db, nonCertDiamondResource, {
          ...list,
          filter: { ...list.filter, nonCertId: id },
        });
        return ok(`${nonCertDiamondResource.title} list.`, {
          ...page,
          nonCert: { id: lot.id, number: lot.number, name: lot.name },
        });
      },
    }),
    defineRoute({
      method: 'GET',
      url: at(NONCERT_PATHS.detailsDiamond(':id')),
      access: { module, action: 'view' },
      handler: async ({ request }) =>
        ok(
          `${nonCertDiamondResource.title}.`,
          await mustRead(
            ctx,
            nonCertDiamondResource,
            idParam(request, RESOURCE_MESSAGES.notFound),
            RESOURCE_MESSAGES.notFound,
          ),
        ),
    }),
    defineRoute({
      method: 'PUT',
      url: at(NONCERT_PATHS.detailsDiamond(':id')),
      access: { module, action: 'update' },
      body: updateSchemaOf(nonCertDiamondResource),
      handler: async ({ body, auth, request }) => {
        const id = idParam(request, RESOURCE_MESSAGES.notFound);
        await updateRecord(ctx.db, actorOf(auth, request), nonCertDiamondResource, id, body);
        return ok(
          RESOURCE_MESSAGES.updated,
          await mustRead(ctx, nonCertDiamondResource, id, RESOURCE_MESSAGES.notFound),
        );
      },
    }),
  ];
}

/**
 * `GET admin/criteria/export/{id}?format=xlsx|csv`: the lot's criteria as a file. A raw AppRoute, as it
 * answers a file; a lot holds at most a few hundred rows, so the file is built whole before it leaves.
 */
function criteriaExportRoute(ctx: AppContext): AppRoute {
  return {
    method: 'GET',
    url: at(NONCERT_PATHS.criteriaExport(':id')),
    access: { module, action: 'view' },
    body: undefined,
    async handler(request, reply) {
      const id = idParam(request, NONCERT_MESSAGES.lotNotFound);
      const query = criteriaExportQuerySchema.safeParse(request.query ?? {});
      if (!query.success) throw fieldError('format', NONCERT_MESSAGES.badFormat);
      const { format } = query.data;
      const { data, file } = await inExportSlot(ctx.exportSlots, request, reply, async () => {
        const data = await criteriaOf(ctx.db, id);
        return { data, file: format === 'csv' ? criteriaCsv(data) : await criteriaWorkbook(data) };
      });
      return reply
        .header('content-type', CONTENT_TYPES[format])
        .header(
          'content-disposition',
          `attachment; filename="${criteriaFileName(data.nonCert.number, format)}"`,
        )
        .send(file);
    },
  };
}

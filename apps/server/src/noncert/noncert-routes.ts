import {
  NONCERT_ENDPOINTS,
  NONCERT_MESSAGES,
  nonCertDiamondResource,
  nonCertResource,
  RESOURCE_MESSAGES,
  type RecordOf,
  type ResourceSpec,
  resourceOutcomeMessage,
} from '@facet/contract';
import type { FastifyRequest } from 'fastify';
import type { AuthContext } from '../access/authenticate.ts';
import type { AppContext } from '../app-context.ts';
import { clientInfo } from '../http/client-info.ts';
import { HttpError, ok } from '../http/envelope.ts';
import { inExportSlot } from '../http/export-slots.ts';
import { idParam } from '../http/params.ts';
import { type AppRoute, implement } from '../http/route.ts';
import { CONTENT_TYPES } from '../resources/export-file.ts';
import { paginateRecords, readRecord } from '../resources/read.ts';
import { updateRecord } from '../resources/writes.ts';
import { criteriaCsv, criteriaFileName, criteriaWorkbook } from './criteria-export.ts';
import { criteriaOf, saveCriteria } from './criteria-store.ts';

const actorOf = (auth: AuthContext, request: FastifyRequest) => ({ auth, client: clientInfo(request) });

/** The engine reads a row by its declaration, as RecordOf types it (the answer check holds it to that). */
async function mustRead<const R extends ResourceSpec>(
  ctx: AppContext,
  resource: R,
  id: string,
  notFound: string,
): Promise<RecordOf<R>> {
  const record = await readRecord(ctx.db, resource, id);
  if (!record) throw new HttpError('E_NOT_FOUND', notFound);
  return record as unknown as RecordOf<R>;
}

/**
 * The spec's non-certified calls that are not the generic endpoints of the lot (`admin/cert/*`) and of
 * its stones (`admin/details/*`): the lot's view and toggle, its criteria (saved as one set, read,
 * exported), and its stones listed by lot and read or changed one at a time. All under NonCert.
 */
export function nonCertRoutes(ctx: AppContext): AppRoute[] {
  return [
    implement(NONCERT_ENDPOINTS.view, async ({ request }) => {
      const id = idParam(request, NONCERT_MESSAGES.lotNotFound);
      return ok(
        `${nonCertResource.title}.`,
        await mustRead(ctx, nonCertResource, id, NONCERT_MESSAGES.lotNotFound),
      );
    }),
    implement(NONCERT_ENDPOINTS.toggle, async ({ body, auth, request }) => {
      await updateRecord(
        ctx,
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
    }),
    implement(NONCERT_ENDPOINTS.criteriaCreate, async ({ body, auth, request }) => {
      await saveCriteria(ctx.db, actorOf(auth, request), body.nonCertId, body.criteria);
      return ok(NONCERT_MESSAGES.criteriaSaved, await criteriaOf(ctx.db, body.nonCertId));
    }),
    implement(NONCERT_ENDPOINTS.criteriaView, async ({ request }) =>
      ok(NONCERT_MESSAGES.criteria, await criteriaOf(ctx.db, idParam(request, NONCERT_MESSAGES.lotNotFound))),
    ),
    criteriaExportRoute(ctx),
    implement(NONCERT_ENDPOINTS.detailsView, async ({ body: { id, ...list } }) => {
      const lot = await mustRead(ctx, nonCertResource, id, NONCERT_MESSAGES.lotNotFound);
      const page = await paginateRecords(ctx.db, nonCertDiamondResource, {
        ...list,
        filter: { ...list.filter, nonCertId: id },
      });
      return ok(`${nonCertDiamondResource.title} list.`, {
        ...page,
        nonCert: { id: lot.id, number: String(lot.number), name: String(lot.name) },
      });
    }),
    implement(NONCERT_ENDPOINTS.diamond, async ({ request }) =>
      ok(
        `${nonCertDiamondResource.title}.`,
        await mustRead(
          ctx,
          nonCertDiamondResource,
          idParam(request, RESOURCE_MESSAGES.notFound),
          RESOURCE_MESSAGES.notFound,
        ),
      ),
    ),
    implement(NONCERT_ENDPOINTS.updateDiamond, async ({ body, auth, request }) => {
      const id = idParam(request, RESOURCE_MESSAGES.notFound);
      await updateRecord(ctx, actorOf(auth, request), nonCertDiamondResource, id, body);
      const saved = await mustRead(ctx, nonCertDiamondResource, id, RESOURCE_MESSAGES.notFound);
      return ok(resourceOutcomeMessage(nonCertDiamondResource, saved, 'saved'), saved);
    }),
  ];
}

/**
 * `GET admin/criteria/export/{id}?format=xlsx|csv`: the lot's criteria as a file; a lot holds at most a
 * few hundred rows, so the file is built whole before it leaves.
 */
function criteriaExportRoute(ctx: AppContext): AppRoute {
  return implement(NONCERT_ENDPOINTS.criteriaExport, async ({ request, reply, query: { format } }) => {
    const id = idParam(request, NONCERT_MESSAGES.lotNotFound);
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
  });
}

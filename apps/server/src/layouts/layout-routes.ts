import { LAYOUT_ENDPOINTS, LAYOUT_MESSAGES, layoutResource, recordOutcomeMessage } from '@facet/contract';
import type { FastifyRequest } from 'fastify';
import type { AuthContext } from '../access/authenticate.ts';
import type { AppContext } from '../app-context.ts';
import { clientInfo } from '../http/client-info.ts';
import { ok } from '../http/envelope.ts';
import { exportSlotFor } from '../http/export-slots.ts';
import { idParam } from '../http/params.ts';
import { type AppRoute, implement } from '../http/route.ts';
import {
  CONTENT_TYPES,
  exportColumns,
  exportColumnsOf,
  fileNameOf,
  openSheet,
  zoneOf,
} from '../resources/export-file.ts';
import { EXPORT_BATCH_SIZE } from '../resources/export-route.ts';
import { recordHistory } from '../resources/history.ts';
import {
  assertLayoutExisted,
  checkLayoutRequest,
  layoutBatches,
  layoutDetail,
  paginateLayouts,
  readLayout,
} from './layout-query.ts';
import { repriceLayout } from './layout-reprice.ts';
import { createLayout, deleteLayout, updateLayout } from './layout-writes.ts';

const actorOf = (auth: AuthContext, request: FastifyRequest) => ({ auth, client: clientInfo(request) });
const layoutId = (request: FastifyRequest) => idParam(request, LAYOUT_MESSAGES.notFound);

/**
 * The certified layouts (spec section 7, "Certified"): list with summaries, create and update with
 * their stones, the view with stones and summary, the reprice; and, as the engine gives every
 * resource, delete, history and export. Every route is gated by CertLayout and its action.
 */
export function layoutRoutes(ctx: AppContext): AppRoute[] {
  return [
    implement(LAYOUT_ENDPOINTS.paginate, async ({ body }) =>
      ok('Layout list.', await paginateLayouts(ctx.db, body)),
    ),
    implement(LAYOUT_ENDPOINTS.view, async ({ request }) =>
      ok('Layout.', await layoutDetail(ctx.db, layoutId(request))),
    ),
    implement(LAYOUT_ENDPOINTS.create, async ({ body, auth, request }) => {
      const id = await createLayout(ctx.db, actorOf(auth, request), body);
      const layout = await layoutDetail(ctx.db, id);
      return ok(recordOutcomeMessage('layout', layout.name, 'created'), layout);
    }),
    implement(LAYOUT_ENDPOINTS.update, async ({ body, auth, request }) => {
      const id = layoutId(request);
      await updateLayout(ctx.db, actorOf(auth, request), id, body);
      const layout = await layoutDetail(ctx.db, id);
      return ok(recordOutcomeMessage('layout', layout.name, 'saved'), layout);
    }),
    implement(LAYOUT_ENDPOINTS.delete, async ({ auth, request }) => {
      const id = layoutId(request);
      const name = (await readLayout(ctx.db, id))?.name ?? '';
      await deleteLayout(ctx.db, actorOf(auth, request), id);
      return ok(LAYOUT_MESSAGES.deleted(name), { id });
    }),
    implement(LAYOUT_ENDPOINTS.price, async ({ body, auth, request }) => {
      const count = await repriceLayout(ctx, actorOf(auth, request), body);
      return ok(LAYOUT_MESSAGES.repriced(count), await layoutDetail(ctx.db, body.id));
    }),
    implement(LAYOUT_ENDPOINTS.history, async ({ request }) => {
      const id = layoutId(request);
      await assertLayoutExisted(ctx.db, id);
      return ok('Layout history.', await recordHistory(ctx.db, layoutResource, id));
    }),
    exportRoute(ctx),
  ];
}

/** `POST admin/layout/export`: the filtered, sorted list with its summaries as a file, streamed. */
function exportRoute(ctx: AppContext): AppRoute {
  return implement(LAYOUT_ENDPOINTS.export, async ({ body, request, reply }) => {
    // Everything that can refuse the request runs before the first byte is sent.
    const columns = exportColumns(layoutResource, body.columns);
    checkLayoutRequest(body);
    const specs = exportColumnsOf(layoutResource, columns);
    // Held from the first read to the last row written; the rest of the exports wait their turn.
    const slot = await exportSlotFor(ctx.exportSlots, request, reply);
    const sheet = openSheet(
      body.format,
      layoutResource.title,
      specs.map((column) => column.label),
      { specs: specs.map((column) => column.spec), zone: zoneOf(body.timeZone) },
    );
    const produce = async () => {
      for await (const batch of layoutBatches(ctx.db, body, EXPORT_BATCH_SIZE)) {
        await sheet.write(batch.map((record) => specs.map((column) => column.value(record))));
      }
      await sheet.end();
    };
    produce()
      .catch((error: unknown) => {
        request.log.error({ err: error }, 'export of layouts failed');
        sheet.abort(error instanceof Error ? error : new Error(String(error)));
      })
      .finally(() => slot.release());
    return reply
      .header('content-type', CONTENT_TYPES[body.format])
      .header('content-disposition', `attachment; filename="${fileNameOf(layoutResource, body.format)}"`)
      .send(sheet.body);
  });
}

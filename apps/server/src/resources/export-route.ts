import type { exportSchemaOf, LIST_EXPORT_FORMATS, ResourceEndpoints, ResourceSpec } from '@facet/contract';
import type { SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { AuthContext } from '../access/authenticate.ts';
import type { AppContext } from '../app-context.ts';
import { exportSlotFor } from '../http/export-slots.ts';
import { type AppRoute, implement } from '../http/route.ts';
import {
  CONTENT_TYPES,
  type ExportColumn,
  exportColumns,
  exportColumnsOf,
  fileNameOf,
  openSheet,
  type SheetWriter,
  zoneOf,
} from './export-file.ts';
import { openPdfList, summaryLines } from './export-pdf.ts';
import { whereOf } from './query.ts';
import { listTotals, recordBatches } from './read.ts';

/**
 * The printable list, its first page headed by the count and totals of the whole list (the figures a
 * page of the list answers, so cached alike), read before the first byte is sent.
 */
async function pdfList(
  ctx: AppContext,
  resource: ResourceSpec,
  body: ExportBody,
  columns: ExportColumn[],
  within: SQL | undefined,
) {
  const { count, totals } = await listTotals(ctx.db, resource, body, within);
  const zone = zoneOf(body.timeZone);
  return openPdfList({
    title: `${resource.title} list`,
    at: new Date(),
    zone,
    columns,
    summary: summaryLines(resource, count, totals),
  });
}

/** Rows per query: large enough to be quick, small enough that memory stays flat at any list length. */
export const EXPORT_BATCH_SIZE = 1000;

export type ExportBody = z.output<ReturnType<typeof exportSchemaOf<typeof LIST_EXPORT_FORMATS>>>;

/** A resource's export endpoint, as the contract generates it (resourceEndpoints). */
type ExportEndpoint = NonNullable<ResourceEndpoints['export']>;

/**
 * `POST {api}/export`: the filtered, sorted list as a file, streamed while it is read, with no row cap.
 * `within` narrows the rows to what the caller may see (a resource scoped by view); it may refuse.
 */
export function exportRoute(
  ctx: AppContext,
  resource: ResourceSpec,
  endpoint: ExportEndpoint,
  within?: (body: ExportBody, auth: AuthContext) => SQL | undefined,
): AppRoute {
  return implement(endpoint, async ({ body, auth, request, reply }) => {
    const request_ = body as ExportBody;
    // Everything that can refuse the request runs before the first byte is sent.
    const narrowed = within?.(request_, auth);
    const columns = exportColumns(resource, request_.columns);
    whereOf(resource, request_, narrowed);
    const specs = exportColumnsOf(resource, columns);
    // Held from the first read to the last row written; the rest of the exports wait their turn.
    const slot = await exportSlotFor(ctx.exportSlots, request, reply);
    let sheet: SheetWriter;
    try {
      sheet =
        request_.format === 'pdf'
          ? await pdfList(ctx, resource, request_, specs, narrowed)
          : openSheet(
              request_.format,
              resource.title,
              specs.map((column) => column.label),
              { specs: specs.map((column) => column.spec), zone: zoneOf(request_.timeZone) },
            );
    } catch (error) {
      slot.release();
      throw error;
    }
    const produce = async () => {
      for await (const batch of recordBatches(ctx.db, resource, request_, EXPORT_BATCH_SIZE, narrowed)) {
        await sheet.write(batch.map((record) => specs.map((column) => column.value(record))));
      }
      await sheet.end();
    };
    produce()
      .catch((error: unknown) => {
        // The status line has left already: the client sees a cut file, the log sees why.
        request.log.error({ err: error }, `export of ${resource.name} failed`);
        sheet.abort(error instanceof Error ? error : new Error(String(error)));
      })
      .finally(() => slot.release());
    return reply
      .header('content-type', CONTENT_TYPES[request_.format])
      .header('content-disposition', `attachment; filename="${fileNameOf(resource, request_.format)}"`)
      .send(sheet.body);
  });
}

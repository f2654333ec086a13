import type { exportSchemaOf, ResourceSpec } from '@facet/contract';
import { resourcePaths } from '@facet/contract';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AppContext } from '../app-context.ts';
import type { AppRoute, RouteAccess } from '../http/route.ts';
import { at } from '../http/route.ts';
import { CONTENT_TYPES, cellOf, exportColumns, fileNameOf, openSheet } from './export-file.ts';
import { whereOf } from './query.ts';
import { recordBatches } from './read.ts';

/** Rows per query: large enough to be quick, small enough that memory stays flat at any list length. */
export const EXPORT_BATCH_SIZE = 1000;

export type ExportBody = z.output<ReturnType<typeof exportSchemaOf>>;

/**
 * `POST {api}/export`: the filtered, sorted list as a file, streamed while it is read, with no row
 * cap. Declared as a raw AppRoute because it answers a file, not an envelope; validation and access
 * run exactly as for the other routes.
 */
export function exportRoute(
  ctx: AppContext,
  resource: ResourceSpec,
  body: z.ZodType,
  options: {
    api?: string;
    access?: RouteAccess;
    /** Narrows the body to what the caller may see (a resource scoped by view). */
    narrow?: (body: ExportBody, request: FastifyRequest) => ExportBody;
  } = {},
): AppRoute {
  return {
    method: 'POST',
    url: at(resourcePaths({ ...resource, api: options.api ?? resource.api }).export),
    access: options.access ?? { module: resource.module, action: 'view' },
    body,
    async handler(request, reply) {
      const request_ = options.narrow
        ? options.narrow(request.body as ExportBody, request)
        : (request.body as ExportBody);
      // Everything that can refuse the request runs before the first byte is sent.
      const columns = exportColumns(resource, request_.columns);
      whereOf(resource, request_);
      const specs = columns.map((key) => [key, resource.fields[key]] as const);
      const sheet = openSheet(
        request_.format,
        resource.title,
        specs.map(([, spec]) => spec?.label ?? ''),
      );
      const produce = async () => {
        for await (const batch of recordBatches(ctx.db, resource, request_, EXPORT_BATCH_SIZE)) {
          await sheet.write(
            batch.map((record) => specs.map(([key, spec]) => (spec ? cellOf(key, spec, record) : null))),
          );
        }
        await sheet.end();
      };
      produce().catch((error: unknown) => {
        // The status line has left already: the client sees a cut file, the log sees why.
        request.log.error({ err: error }, `export of ${resource.name} failed`);
        sheet.abort(error instanceof Error ? error : new Error(String(error)));
      });
      return reply
        .header('content-type', CONTENT_TYPES[request_.format])
        .header('content-disposition', `attachment; filename="${fileNameOf(resource, request_.format)}"`)
        .send(sheet.body);
    },
  };
}

import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import {
  STOCK_UPLOAD_ENDPOINTS,
  STOCK_UPLOAD_MESSAGES,
  STOCK_UPLOAD_OUTCOME_LABELS,
  STOCK_UPLOAD_REPORT_HEADERS,
} from '@facet/contract';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context.ts';
import { mountRoutes } from '../http/access-plugin.ts';
import { clientInfo } from '../http/client-info.ts';
import { HttpError, ok } from '../http/envelope.ts';
import { idParam } from '../http/params.ts';
import { type AppRoute, implement } from '../http/route.ts';
import { CONTENT_TYPES, openSheet } from '../resources/export-file.ts';
import { usageContextOf } from '../resources/record-usage.ts';
import { xlsxLimitsFor } from '../spreadsheets/xlsx-limits.ts';
import { type FileStorage, LocalDiskStorage, storageKeyOf } from '../uploads/storage.ts';
import { NOT_MULTIPART, uploadTempDir } from '../uploads/upload-routes.ts';
import { stockUploads } from './stock-upload-tables.ts';
import { checkStockFile } from './upload-file-check.ts';
import { receiveStockUpload } from './upload-receive.ts';
import {
  findStockUpload,
  paginateReportRows,
  paginateStockUploads,
  reportBatches,
} from './upload-records.ts';
import { instanceKeyOf, StockUploadRunner } from './upload-runner.ts';

const REPORT_BATCH_SIZE = 5000;

/**
 * Upload-Stock: the multipart `create` in an encapsulated scope (only it parses multipart), the job
 * list, a job, its report rows and the report file; the runner starts with the server and stops
 * before the database closes (this scope's onClose runs before the root's).
 */
export function registerStockUploads(app: FastifyInstance, ctx: AppContext): StockUploadRunner {
  const storage = new LocalDiskStorage(path.join(ctx.config.dataDir, 'uploads'));
  const tempDir = uploadTempDir(ctx.config.dataDir);
  mkdirSync(tempDir, { recursive: true });
  const xlsxLimits = xlsxLimitsFor(ctx.config.stockUploadMaxBytes);
  const runner = new StockUploadRunner(
    ctx.db,
    storage,
    ctx.log,
    instanceKeyOf(ctx.config),
    xlsxLimits,
    usageContextOf(ctx),
  );
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => {
      done(new HttpError('E_BAD_REQUEST', NOT_MULTIPART), undefined);
    });
    await scope.register(multipart, { throwFileSizeLimit: false });
    mountRoutes(scope, [createRoute(ctx, storage, runner, tempDir)]);
    scope.addHook('onReady', async () => {
      await runner.start();
    });
    scope.addHook('onClose', async () => {
      await runner.stop();
    });
  });
  mountRoutes(app, [paginateRoute(ctx), jobRoute(ctx), rowsRoute(ctx), reportRoute(ctx)]);
  return runner;
}

function createRoute(
  ctx: AppContext,
  storage: FileStorage,
  runner: StockUploadRunner,
  tempDir: string,
): AppRoute {
  return implement(STOCK_UPLOAD_ENDPOINTS.create, async ({ request, auth }) => {
    const { options, file } = await receiveStockUpload(request, tempDir, ctx.config.stockUploadMaxBytes);
    const id = randomUUID();
    const storageKey = storageKeyOf(id);
    try {
      const format = await checkStockFile(file.path, file.fileName, runner.xlsxLimits);
      await storage.put(storageKey, { path: file.path });
      const client = clientInfo(request);
      await ctx.db.insert(stockUploads).values({
        id,
        fileName: file.fileName,
        fileSize: file.size,
        fileFormat: format,
        sha256: file.sha256,
        storageKey,
        mode: options.mode,
        keepGoodRows: options.keepGoodRows,
        duplicatePolicy: options.duplicatePolicy,
        instanceKey: runner.instanceKey,
        createdBy: auth.user.id,
      });
      runner.enqueue({
        id,
        fileName: file.fileName,
        format,
        storageKey,
        mode: options.mode,
        keepGoodRows: options.keepGoodRows,
        duplicatePolicy: options.duplicatePolicy,
        actor: { userId: auth.user.id, ip: client.ip, userAgent: client.userAgent },
      });
    } catch (error) {
      await storage.delete(storageKey).catch(() => undefined);
      throw error;
    } finally {
      await rm(file.path, { force: true });
    }
    return ok(STOCK_UPLOAD_MESSAGES.received, await existingJob(ctx, id));
  });
}

function paginateRoute(ctx: AppContext): AppRoute {
  return implement(STOCK_UPLOAD_ENDPOINTS.paginate, async ({ body }) =>
    ok('Stock uploads.', await paginateStockUploads(ctx.db, body)),
  );
}

async function existingJob(ctx: AppContext, id: string) {
  const job = await findStockUpload(ctx.db, id);
  if (!job) throw new HttpError('E_NOT_FOUND', STOCK_UPLOAD_MESSAGES.notFound);
  return job;
}

function jobRoute(ctx: AppContext): AppRoute {
  return implement(STOCK_UPLOAD_ENDPOINTS.byId, async ({ request }) =>
    ok('Stock upload.', await existingJob(ctx, idParam(request, STOCK_UPLOAD_MESSAGES.notFound))),
  );
}

function rowsRoute(ctx: AppContext): AppRoute {
  return implement(STOCK_UPLOAD_ENDPOINTS.rows, async ({ request, body }) => {
    const job = await existingJob(ctx, idParam(request, STOCK_UPLOAD_MESSAGES.notFound));
    return ok('Stock upload report.', await paginateReportRows(ctx.db, job, body));
  });
}

/** The report as CSV, streamed while it is read: Row, Stock #, Outcome, Reasons. */
function reportRoute(ctx: AppContext): AppRoute {
  return implement(STOCK_UPLOAD_ENDPOINTS.report, async ({ request, reply }) => {
    const job = await existingJob(ctx, idParam(request, STOCK_UPLOAD_MESSAGES.notFound));
    const sheet = openSheet('csv', 'Stock upload', [...STOCK_UPLOAD_REPORT_HEADERS]);
    const produce = async () => {
      for await (const batch of reportBatches(ctx.db, job, REPORT_BATCH_SIZE)) {
        await sheet.write(
          batch.map((row) => [
            row.rowNumber,
            row.stockNumber,
            STOCK_UPLOAD_OUTCOME_LABELS[row.outcome],
            row.reasons.join(' '),
          ]),
        );
      }
      await sheet.end();
    };
    produce().catch((error: unknown) => {
      request.log.error({ err: error }, 'stock upload report failed');
      sheet.abort(error instanceof Error ? error : new Error(String(error)));
    });
    const base = job.fileName.replace(/\.[^.]+$/, '');
    return reply
      .header('content-type', CONTENT_TYPES.csv)
      .header('content-disposition', `attachment; filename="${base}-report.csv"`)
      .send(sheet.body);
  });
}

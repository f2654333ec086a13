import { fileColumnsOf, type ListColumn } from '@facet/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context.ts';
import { exportSlotFor } from '../http/export-slots.ts';
import { CONTENT_TYPES, type ListExportFormat, openSheet, type SheetWriter, zoneOf } from './export-file.ts';
import { openPdfList, type PdfSummaryLine } from './export-pdf.ts';
import type { PdfChart } from './export-pdf-chart.ts';

export interface ListExport<R> {
  /** The list's columns, as its screen declares them (list-columns.ts in the contract). */
  columns: readonly ListColumn<R>[];
  /** The sheet's title and the file's name before its day: `Holds and memos`, `hold`. */
  title: string;
  fileName: string;
  format: ListExportFormat;
  timeZone: string | undefined;
  /** Every row of the filtered list, in the list's order, a batch at a time. */
  batches: AsyncIterable<readonly R[]>;
  /** The PDF's line under its title (a report's period) and its figures above the table. */
  subtitle?: string;
  summary?: readonly PdfSummaryLine[];
  /** A report's chart: the PDF draws it on its first page, above the table; the sheets leave it out. */
  chart?: PdfChart;
  /** Runs once the export's turn has come and its first batch is read, before anything is sent. */
  started?: () => Promise<void>;
}

/**
 * A staff list as a file, streamed in the caller's export turn: the screen's columns (a joined screen
 * column in its parts), numbers and dates as values a spreadsheet sums, in the reader's zone; or a
 * printable PDF of the same columns, a report's chart above its table.
 */
export async function sendListExport<R>(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  list: ListExport<R>,
): Promise<FastifyReply> {
  const columns = fileColumnsOf(list.columns);
  const rowsOf = (batch: readonly R[]) =>
    batch.map((record) => columns.map((column) => record[column.key] ?? null));
  // Held from the first read to the last row written; the rest of the exports wait their turn.
  const slot = await exportSlotFor(ctx.exportSlots, request, reply);
  const batches = list.batches[Symbol.asyncIterator]();
  let sheet: SheetWriter;
  let first: IteratorResult<readonly R[]>;
  try {
    // The first batch is read before the status line leaves: a filter the database refuses, or a
    // database that fails, is answered in the envelope rather than as an empty file.
    first = await batches.next();
    await list.started?.();
    const zone = zoneOf(list.timeZone);
    sheet =
      list.format === 'pdf'
        ? await openPdfList({
            title: list.title,
            at: new Date(),
            zone,
            columns: columns.map((column) => ({
              label: column.spec.label,
              spec: column.spec,
              value: () => null,
            })),
            summary: list.summary ?? [],
            subtitle: list.subtitle,
            chart: list.chart,
          })
        : openSheet(
            list.format,
            list.title,
            columns.map((column) => column.spec.label),
            { specs: columns.map((column) => column.spec), zone },
          );
  } catch (error) {
    slot.release();
    throw error;
  }
  const produce = async () => {
    for (let batch = first; !batch.done; batch = await batches.next()) {
      await sheet.write(rowsOf(batch.value));
    }
    await sheet.end();
  };
  produce()
    .catch((error: unknown) => {
      // The status line has left already: the client sees a cut file, the log sees why.
      request.log.error({ err: error }, `the ${list.fileName} export failed`);
      sheet.abort(error instanceof Error ? error : new Error(String(error)));
    })
    .finally(() => slot.release());
  const day = new Date().toISOString().slice(0, 10).replaceAll('-', '');
  return reply
    .header('content-type', CONTENT_TYPES[list.format])
    .header('content-disposition', `attachment; filename="${list.fileName}-${day}.${list.format}"`)
    .send(sheet.body);
}

import {
  type EndpointSpec,
  fieldText,
  formatDate,
  formatNumber,
  type ReportChart,
  type ReportFormat,
  type ReportSpec,
  reportColumnsFor,
} from '@facet/contract';
import type { z } from 'zod';
import type { AppContext } from '../app-context.ts';
import { ok } from '../http/envelope.ts';
import { type AppRoute, implement } from '../http/route.ts';
import type { PdfSummaryLine } from '../resources/export-pdf.ts';
import { sendListExport } from '../resources/list-export.ts';
import { recordReportUse } from './report-log.ts';

/** What every report's body holds, whatever its own filter. */
export interface ReportBody {
  from: string;
  to: string;
  page: number;
  limit: number;
  filter?: unknown;
  sort?: Record<string, 'asc' | 'desc' | 'ASC' | 'DESC' | undefined>;
}

export interface ReportPage<R> {
  list: R[];
  count: number;
  totals?: Record<string, number | null>;
}

/**
 * Where a report's figures come from: its page, its chart (over the whole period, whatever the page),
 * and every row for the file, in the page's order, a batch at a time.
 */
export interface ReportSource<B extends ReportBody, R> {
  page(body: B): Promise<ReportPage<R>>;
  chart(body: B): Promise<ReportChart>;
  batches(body: B): AsyncIterable<readonly R[]>;
}

/** The sort a report's body asks for, or its declared default: one key and a direction. */
export function reportSortOf(
  spec: Pick<ReportSpec, 'sortKeys' | 'defaultSort'>,
  sort: ReportBody['sort'],
): { key: string; direction: 'asc' | 'desc' } {
  for (const [key, direction] of Object.entries(sort ?? {})) {
    if (direction && spec.sortKeys.includes(key)) {
      return { key, direction: direction.toLowerCase() as 'asc' | 'desc' };
    }
  }
  return spec.defaultSort;
}

/** `1 Nov 2026 to 30 Nov 2026 (UTC days)`: a report's period as its files print it. */
export function periodText(body: Pick<ReportBody, 'from' | 'to'>): string {
  return `${formatDate(body.from)} to ${formatDate(body.to)} (UTC days)`;
}

/** The PDF's figures above the chart: the rows, then each total a column of the report shows. */
function pdfSummaryOf<R>(spec: ReportSpec<R>, page: ReportPage<R>): PdfSummaryLine[] {
  const lines: PdfSummaryLine[] = [{ label: 'Rows', text: formatNumber(page.count, 0) }];
  for (const [key, value] of Object.entries(page.totals ?? {})) {
    const column = spec.columns.find((candidate) => candidate.key === key);
    if (column) lines.push({ label: column.spec.label, text: fieldText(column.spec, value) });
  }
  return lines;
}

/** A declared report page: the JSON envelope of a paginate endpoint, whatever its row. */
type PageEndpoint = EndpointSpec & { answer: { data: z.ZodType } };
/** A declared report file: a file endpoint. */
type FileEndpoint = EndpointSpec & { answer: { file: readonly string[] } };

/**
 * A declared report's two routes: its page with the chart, and its file (XLSX, CSV, or a PDF with the
 * period, the totals and the chart above the table) of every row, with the columns the screen shows.
 * A file sent counts as a download in the report log, whether the panel or the API asked for it.
 */
export function reportRoutes<B extends ReportBody, R>(
  ctx: AppContext,
  spec: ReportSpec<R>,
  endpoints: { paginate: EndpointSpec; export: EndpointSpec },
  source: ReportSource<B, R>,
): AppRoute[] {
  // The endpoints come typed by their report's own schemas; the source reads them as a ReportBody.
  const paginate = endpoints.paginate as PageEndpoint;
  const file = endpoints.export as FileEndpoint;
  return [
    implement(paginate, async ({ body }) => {
      const asked = body as unknown as B;
      const [page, chart] = await Promise.all([source.page(asked), source.chart(asked)]);
      return ok(`${spec.title}.`, { ...page, chart });
    }),
    implement(file, async ({ body, auth, request, reply }) => {
      const asked = body as unknown as B & { format: ReportFormat; timeZone?: string };
      const pdf = asked.format === 'pdf';
      const [chart, page] = pdf
        ? await Promise.all([source.chart(asked), source.page({ ...asked, page: 1, limit: 1 })])
        : [undefined, undefined];
      return sendListExport(ctx, request, reply, {
        columns: reportColumnsFor(spec, asked.filter as Record<string, unknown> | undefined),
        title: spec.title,
        fileName: spec.key,
        format: asked.format,
        timeZone: asked.timeZone,
        batches: source.batches(asked),
        subtitle: periodText(asked),
        summary: page ? pdfSummaryOf(spec, page) : undefined,
        chart: chart ? { title: spec.chartTitle, chart } : undefined,
        // Counted once the file's turn has come and its first rows are read: an export refused is no
        // download. Every report's access names a module, so a caller is signed in.
        started: async () => {
          if (auth) {
            await recordReportUse(ctx.db, {
              userId: auth.user.id,
              report: spec.key,
              action: 'download',
              format: asked.format,
            });
          }
        },
      });
    }),
  ];
}

const DAY_MS = 86_400_000;

/** Every UTC day of a report's period, `2026-11-25`: a chart by day has a bar for each, empty or not. */
export function periodDayList(from: string, to: string): string[] {
  const days: string[] = [];
  for (let at = Date.parse(`${from}T00:00:00Z`); at <= Date.parse(`${to}T00:00:00Z`); at += DAY_MS) {
    days.push(new Date(at).toISOString().slice(0, 10));
  }
  return days;
}

/** A moment read from the database (a Date from pg, a string from PGlite) as the answer writes it. */
export const isoMoment = (value: Date | string | null) =>
  value === null ? null : (value instanceof Date ? value : new Date(value)).toISOString();

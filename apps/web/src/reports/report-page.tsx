import DownloadOutlined from '@ant-design/icons/es/icons/DownloadOutlined';
import {
  endpointRef,
  type FieldSpec,
  type PaginateResult,
  type ReportChart,
  type ReportFormat,
  type ReportKey,
  type ReportSpec,
  reportColumnsFor,
} from '@facet/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Flex } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { lazy, type ReactNode, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { call } from '../platform/api/api-client.ts';
import { download } from '../platform/api/download.ts';
import { toast } from '../platform/app/toast.ts';
import { ChartView } from '../platform/charts/chart-view.tsx';
import { fieldText, formatNumber, READER_TIME_ZONE } from '../platform/lists/format.ts';
import type { FilterKind, FilterValue, PaginateBody, RangeValue } from '../platform/lists/list-params.ts';
import { ListToolbar } from '../platform/lists/list-toolbar.tsx';
import { PageHeader } from '../platform/lists/page-header.tsx';
import { ScreenCard } from '../platform/lists/screen-card.tsx';
import { ServerTable } from '../platform/lists/server-table.tsx';
import { usePaginatedList } from '../platform/lists/use-paginated-list.ts';
import { FieldFilter } from '../platform/resources/resource-filters.tsx';
import { PlainText } from '../platform/typography/plain-text.tsx';
import type { Period } from './period-picker.tsx';
import { REPORT_REFS } from './report-refs.ts';

// DatePicker and dayjs load with the report screen's first render, beside the table.
const PeriodPicker = lazy(() => import('./period-picker.tsx'));

/** What a report's page answers: a page of rows, the totals over the period, and the chart. */
export interface ReportAnswer<R> extends PaginateResult<R> {
  totals?: Record<string, number | null>;
  chart: ReportChart;
}

export interface ReportPageProps<R> {
  spec: ReportSpec<R>;
  /** Drawn above the table with the page's answer (a matrix of the same figures). */
  extra?: (answer: ReportAnswer<R> | undefined) => ReactNode;
}

/** The period lives in the address as `period=2026-11-01~2026-11-30`, beside the report's filters. */
const PERIOD = 'period';
const ROW_KEY = 'reportRowKey';
const DAY_MS = 86_400_000;
const utcDay = (at: number) => new Date(at).toISOString().slice(0, 10);

/** The report's default period: `days` whole UTC days ending today. */
export function defaultPeriod(days: number, now = Date.now()): Period {
  return { from: utcDay(now - (days - 1) * DAY_MS), to: utcDay(now) };
}

/** How the address keeps a filter of the report, by its field. */
function filterKindOf(spec: FieldSpec): FilterKind {
  if (spec.kind === 'boolean') return 'boolean';
  if (spec.kind === 'integer' || spec.kind === 'decimal') return 'number';
  if (spec.kind === 'enum' && typeof spec.options?.[0]?.value === 'number') return 'number';
  return 'string';
}

const isNumeric = (spec: FieldSpec) => spec.kind === 'integer' || spec.kind === 'decimal';

/** The body a report's endpoints take: the period out of the list's filters, into `from` and `to`. */
function reportBodyOf(body: PaginateBody, fallback: Period) {
  const { [PERIOD]: asked, ...filter } = body.filter ?? {};
  const range = (asked ?? {}) as RangeValue;
  const from = typeof range.from === 'string' ? range.from : fallback.from;
  const to = typeof range.to === 'string' ? range.to : fallback.to;
  const { search: _search, columns: _columns, filter: _filter, ...rest } = body;
  return { ...rest, from, to, ...(Object.keys(filter).length > 0 ? { filter } : {}) };
}

const FILES: readonly { format: ReportFormat; label: string }[] = [
  { format: 'xlsx', label: 'XLSX' },
  { format: 'csv', label: 'CSV' },
  { format: 'pdf', label: 'PDF' },
];

/**
 * Any declared report as a screen: its title and what it counts, the period (whole UTC days) and its
 * filters kept in the address, its chart with a table view, the totals, a server-paginated table sorted
 * by the report's keys, and its files (XLSX, CSV, and a PDF that carries the chart). Opening it records a
 * view in the report log; a file sent is recorded by the server.
 */
export function ReportPage<R extends object>({ spec, extra }: ReportPageProps<R>) {
  const paginate = useMemo(
    () => endpointRef('POST', spec.paginatePath, { module: spec.module, action: 'view' }),
    [spec],
  );
  const exporting = useMemo(
    () => endpointRef('POST', spec.exportPath, { module: spec.module, action: 'view' }),
    [spec],
  );
  const filters = useMemo(
    () => ({
      [PERIOD]: 'dateRange' as const,
      ...Object.fromEntries(Object.entries(spec.filters).map(([key, field]) => [key, filterKindOf(field)])),
    }),
    [spec],
  );
  const fallback = useMemo(() => defaultPeriod(spec.defaultDays), [spec.defaultDays]);
  const list = usePaginatedList<R>({
    queryKey: ['report', spec.paginatePath],
    fetch: (body) =>
      call(paginate, reportBodyOf(body, fallback) as never).then((envelope) => {
        const data = envelope.data as unknown as ReportAnswer<R>;
        // A report's row has no id of its own (a colour and a clarity make a cell): its place is its key.
        const offset = (body.page - 1) * body.limit;
        const keyed = {
          ...data,
          list: data.list.map((row, index) => ({ ...row, [ROW_KEY]: String(offset + index) })),
        };
        return keyed;
      }),
    filters,
    sortKeys: spec.sortKeys,
    defaults: { sort: spec.defaultSort },
  });
  const period = reportBodyOf(list.body, fallback);
  // The chart and totals of the page shown: the previous answer stays while the next is read.
  const queryClient = useQueryClient();
  const shown = useRef<ReportAnswer<R>>(undefined);
  const cached = queryClient.getQueryData<ReportAnswer<R>>(list.pageKey);
  if (cached) shown.current = cached;
  const answer = shown.current;

  // One view a screen opened, in the background: a failure to record it is no matter for the reader.
  const logged = useRef(false);
  useEffect(() => {
    if (logged.current) return;
    logged.current = true;
    call(REPORT_REFS.log, { report: spec.key as ReportKey, action: 'view' }, { toastErrors: false }).catch(
      () => undefined,
    );
  }, [spec.key]);

  const [busy, setBusy] = useState<ReportFormat>();
  const exportAs = async (format: ReportFormat) => {
    setBusy(format);
    try {
      const { page: _page, limit: _limit, ...body } = period;
      const name = await download(
        exporting as never,
        { ...body, format, timeZone: READER_TIME_ZONE } as never,
        `${spec.key}.${format}`,
      );
      toast.success(`Downloaded ${name}`);
    } catch {
      // The download helper has shown the server's message.
    } finally {
      setBusy(undefined);
    }
  };

  // The filter choosing what the rows are counted by shows the server's choice when the address names
  // none, and the column of the rows' names is titled by it ("Shape", "Device"), as in the files.
  const countedBy = spec.countedBy;
  const by = countedBy ? (list.params.filter[countedBy.filter] ?? countedBy.fallback) : undefined;
  const columns: ColumnsType<R> = useMemo(
    () =>
      reportColumnsFor(spec, countedBy ? { [countedBy.filter]: by } : undefined).map((column) => ({
        key: column.key,
        dataIndex: column.key,
        title: column.spec.label,
        align: isNumeric(column.spec) ? ('right' as const) : undefined,
        render: (value: unknown) => fieldText(column.spec, value),
      })),
    [spec, countedBy, by],
  );

  const totals = Object.entries(answer?.totals ?? {}).flatMap(([key, value]) => {
    const column = spec.columns.find((candidate) => candidate.key === key);
    return column ? [`${column.spec.label}: ${fieldText(column.spec, value)}`] : [];
  });

  return (
    <ScreenCard>
      <PageHeader
        title={spec.title}
        extra={FILES.map((file) => (
          <Button
            key={file.format}
            icon={<DownloadOutlined />}
            loading={busy === file.format}
            disabled={busy !== undefined && busy !== file.format}
            onClick={() => void exportAs(file.format)}
          >
            {file.label}
          </Button>
        ))}
      />
      <p style={{ marginTop: -8, marginBottom: 16 }}>
        <PlainText type="secondary">{spec.description}</PlainText>
      </p>
      <ListToolbar list={list} placeholder="" searchable={false}>
        <Suspense fallback={<div style={{ width: 260 }} />}>
          <PeriodPicker
            value={{ from: period.from, to: period.to }}
            onChange={(next) => list.setFilter(PERIOD, next as FilterValue)}
          />
        </Suspense>
        {Object.entries(spec.filters).map(([key, field]) => (
          <FieldFilter
            key={key}
            name={key}
            spec={field}
            value={key === countedBy?.filter ? by : list.params.filter[key]}
            onChange={(value) => list.setFilter(key, value)}
          />
        ))}
      </ListToolbar>
      <p style={{ marginTop: -8, marginBottom: 16 }}>
        <PlainText type="secondary">
          Days are UTC days: a day runs from midnight to midnight UTC, the same for every reader.
        </PlainText>
      </p>
      <ChartView title={spec.chartTitle} data={answer?.chart} loading={list.loading} />
      {totals.length > 0 && (
        <Flex wrap gap={16} style={{ marginBottom: 12 }}>
          <PlainText>{`Rows: ${formatNumber(list.count, 0)}`}</PlainText>
          {totals.map((text) => (
            <PlainText key={text}>{text}</PlainText>
          ))}
        </Flex>
      )}
      {extra?.(answer)}
      <ServerTable<R>
        list={list}
        columns={columns}
        rowKey={ROW_KEY as keyof R & string}
        emptyText="Nothing in this period."
      />
    </ScreenCard>
  );
}

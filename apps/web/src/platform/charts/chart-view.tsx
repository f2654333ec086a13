import { chartLabelText, chartToDraw } from '@facet/contract';
import { Empty, Flex, Segmented, Skeleton, Table } from 'antd';
import useToken from 'antd/es/theme/useToken';
import { lazy, Suspense, useMemo, useState } from 'react';
import { formatNumber } from '../lists/format.ts';
import { PlainText } from '../typography/plain-text.tsx';

/**
 * What a chart draws: a label a bar or point (days as `2026-11-25`), and one or more series of as many
 * values. The same shape as a report's chart, so any screen can hand its data as it came.
 */
export interface ChartData {
  kind: 'bar' | 'line';
  labels: readonly string[];
  series: readonly { key: string; label: string; values: readonly number[] }[];
}

// chart.js and its React binding load with the first chart drawn, never in a screen's first load.
const ChartCanvas = lazy(() => import('./chart-canvas.tsx'));

export interface ChartViewProps {
  /** The chart's heading and, with " chart" or " table", the accessible name of each view. */
  title: string;
  data: ChartData | undefined;
  loading?: boolean;
  height?: number;
  /** How values read on the axis, the tooltips and the table: whole numbers unless given. */
  formatValue?: (value: number) => string;
}

const wholeNumber = (value: number) => formatNumber(value, 0);

/**
 * A chart with its table view (charts must have one: the same figures for a screen reader, a keyboard
 * and a copy into a sheet), in the theme's colours so it reads in light and dark. Long charts are
 * folded as the PDF folds them (chartToDraw): days by month past a quarter of bars, values past thirty
 * as "Other".
 */
export function ChartView({ title, data, loading, height = 280, formatValue = wholeNumber }: ChartViewProps) {
  const [view, setView] = useState<'chart' | 'table'>('chart');
  // The theme's computed values: a canvas cannot read the CSS variables antd's own styles refer to.
  const [, token] = useToken();
  const drawn = useMemo(
    () =>
      data
        ? chartToDraw({
            kind: data.kind,
            labels: [...data.labels],
            series: data.series.map((s) => ({ ...s, values: [...s.values] })),
          })
        : undefined,
    [data],
  );
  const labels = useMemo(() => drawn?.labels.map(chartLabelText) ?? [], [drawn]);
  const first = drawn?.labels[0] ?? '';
  const labelTitle = /^\d{4}-\d{2}-\d{2}$/.test(first)
    ? 'Day'
    : /^\d{4}-\d{2}$/.test(first)
      ? 'Month'
      : 'Value';
  const colours = [token.colorPrimary, token.orange, token.green, token.magenta, token.purple, token.cyan];
  const empty =
    !drawn ||
    drawn.labels.length === 0 ||
    drawn.series.every((series) => series.values.every((value) => value === 0));

  const rows = useMemo(
    () =>
      labels.map((label, index) => ({
        key: String(index),
        label,
        ...Object.fromEntries((drawn?.series ?? []).map((series) => [series.key, series.values[index] ?? 0])),
      })),
    [labels, drawn],
  );

  return (
    <section aria-label={title} style={{ marginBottom: 16 }}>
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 8 }}>
        <PlainText strong>{title}</PlainText>
        <Segmented
          size="small"
          value={view}
          onChange={(value) => setView(value as 'chart' | 'table')}
          options={[
            { value: 'chart', label: 'Chart' },
            { value: 'table', label: 'Table' },
          ]}
        />
      </Flex>
      {loading && !drawn ? (
        <Skeleton.Node active style={{ width: '100%', height }} />
      ) : view === 'table' ? (
        <Table
          aria-label={`${title} table`}
          size="small"
          rowKey="key"
          dataSource={rows}
          pagination={rows.length > 31 ? { pageSize: 31, showSizeChanger: false, size: 'small' } : false}
          columns={[
            { key: 'label', dataIndex: 'label', title: labelTitle },
            ...(drawn?.series ?? []).map((series) => ({
              key: series.key,
              dataIndex: series.key,
              title: series.label,
              align: 'right' as const,
              render: (value: number) => formatValue(value),
            })),
          ]}
        />
      ) : empty ? (
        <Flex align="center" justify="center" style={{ height }}>
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Nothing to draw for this period." />
        </Flex>
      ) : (
        <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height }} />}>
          <ChartCanvas
            data={drawn}
            labels={labels}
            colours={colours}
            text={token.colorTextSecondary}
            grid={token.colorBorderSecondary}
            label={`${title} chart`}
            height={height}
            formatValue={formatValue}
          />
        </Suspense>
      )}
    </section>
  );
}

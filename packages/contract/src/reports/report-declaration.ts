import type { AdminModuleName } from '../access/admin-modules.ts';
import { formatDate } from '../format/display-format.ts';
import type { FieldSpec } from '../resources/fields.ts';
import type { ListColumn } from '../resources/list-columns.ts';

// A report's declaration and its chart, free of zod: the screens download these, the schemas stay with
// the endpoints (report-spec.ts).

/**
 * What a report draws: one label a bar or point (days as `2026-11-25`, or the values of what it counts
 * by, as they read), and one or more series of as many values.
 */
export interface ReportChart {
  kind: 'bar' | 'line';
  labels: string[];
  series: { key: string; label: string; values: number[] }[];
}

/** The most bars or labelled points a chart draws; a longer chart is folded (see chartToDraw). */
export const CHART_MOST_LABELS = 30;

const DAY_LABEL = /^\d{4}-\d{2}-\d{2}$/;
const MONTH_LABEL = /^\d{4}-\d{2}$/;
const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A chart label as a person reads it: a day as every date (`25 Nov 2026`), a month as `Nov 2026`. */
export function chartLabelText(label: string): string {
  if (DAY_LABEL.test(label)) return formatDate(label);
  if (MONTH_LABEL.test(label))
    return `${MONTH_NAMES[Number(label.slice(5, 7)) - 1] ?? ''} ${label.slice(0, 4)}`;
  return label;
}

/** Days summed by month (`2026-11`), in the days' order. */
function byMonth(chart: ReportChart): ReportChart {
  const months: string[] = [];
  const index = new Map<string, number>();
  for (const label of chart.labels) {
    const month = label.slice(0, 7);
    if (!index.has(month)) {
      index.set(month, months.length);
      months.push(month);
    }
  }
  return {
    kind: chart.kind,
    labels: months,
    series: chart.series.map((series) => {
      const values = months.map(() => 0);
      chart.labels.forEach((label, at) => {
        const month = index.get(label.slice(0, 7)) as number;
        values[month] = (values[month] as number) + (series.values[at] ?? 0);
      });
      return { ...series, values };
    }),
  };
}

/**
 * A chart that prints and reads: days stay days up to a quarter, then are summed by month (a line keeps
 * every day, its labels thinned where it is drawn); bars of values (shapes, pages) keep the first
 * CHART_MOST_LABELS - 1 as the report ordered them and sum the rest as "Other".
 */
export function chartToDraw(chart: ReportChart): ReportChart {
  const days = chart.labels.length > 0 && chart.labels.every((label) => DAY_LABEL.test(label));
  if (days) return chart.kind === 'bar' && chart.labels.length > 92 ? byMonth(chart) : chart;
  if (chart.labels.length <= CHART_MOST_LABELS) return chart;
  const kept = CHART_MOST_LABELS - 1;
  return {
    kind: chart.kind,
    labels: [...chart.labels.slice(0, kept), 'Other'],
    series: chart.series.map((series) => ({
      ...series,
      values: [
        ...series.values.slice(0, kept),
        series.values.slice(kept).reduce((sum, value) => sum + value, 0),
      ],
    })),
  };
}

/**
 * A report, declared once for the screen, the server and the files: what it counts, who may read it,
 * its columns (the table's and the file's), its filters beside the period (as fields, which give their
 * label and input), and its sort.
 */
export interface ReportSpec<R = Record<string, unknown>> {
  /** Its name in the report log and in its files' names: `login-summary`. */
  key: string;
  title: string;
  /** One sentence under the title: what it counts, and from what. */
  description: string;
  /** The panel route that shows it (spec section 2). */
  screen: string;
  module: AdminModuleName;
  /** Its endpoints: the page (with the chart) and the file. */
  paginatePath: string;
  exportPath: string;
  columns: readonly ListColumn<R>[];
  filters: Readonly<Record<string, FieldSpec>>;
  sortKeys: readonly string[];
  defaultSort: { key: string; direction: 'asc' | 'desc' };
  /** The chart's title: `Sign-ins by day`. */
  chartTitle: string;
  /** How many days a new screen opens on, ending today. */
  defaultDays: number;
  /**
   * A report counted by a choice of its filter (`by`: shape, colour...): the column that names what
   * is counted takes the chosen option's label, `fallback` when none is chosen (the server's default).
   */
  countedBy?: { filter: string; fallback: string; column: string };
}

export function defineReport<R>(spec: ReportSpec<R>): ReportSpec<R> {
  return spec;
}

/** The report's columns for a request's filter: the counted column titled by what it counts. */
export function reportColumnsFor<R>(
  spec: ReportSpec<R>,
  filter: Readonly<Record<string, unknown>> | undefined,
): readonly ListColumn<R>[] {
  const counted = spec.countedBy;
  if (!counted) return spec.columns;
  const by = filter?.[counted.filter] ?? counted.fallback;
  const label = spec.filters[counted.filter]?.options?.find((option) => option.value === by)?.label;
  if (!label) return spec.columns;
  return spec.columns.map((column) =>
    column.key === counted.column ? { ...column, spec: { ...column.spec, label } } : column,
  );
}

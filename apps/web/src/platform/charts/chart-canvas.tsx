import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
} from 'chart.js';
import { Chart as ReactChart } from 'react-chartjs-2';
import type { ChartData } from './chart-view.tsx';

// Only what the two kinds draw: chart.js is tree-shaken to its bar and line controllers, and this module
// loads with the first chart a screen draws, never in a first load.
Chart.register(
  BarController,
  BarElement,
  LineController,
  LineElement,
  PointElement,
  CategoryScale,
  LinearScale,
  Legend,
  Tooltip,
);

export interface ChartCanvasProps {
  data: ChartData;
  /** The labels as a person reads them (days spelled out). */
  labels: readonly string[];
  colours: readonly string[];
  text: string;
  grid: string;
  label: string;
  height: number;
  formatValue: (value: number) => string;
}

/** How many times smaller than the first series another must be to read on an axis of its own. */
const OWN_AXIS_RATIO = 10;

/**
 * The series drawn on a second axis, at the right: those far smaller than the first (stones in stock
 * beside thousands of searches), which on the first's axis would be bars too short to read or compare.
 */
function seriesOnOwnAxis(data: ChartData): Set<number> {
  const largest = data.series.map((series) => Math.max(0, ...series.values));
  const first = largest[0] ?? 0;
  return new Set(
    largest.flatMap((value, index) =>
      index > 0 && value > 0 && value * OWN_AXIS_RATIO <= first ? [index] : [],
    ),
  );
}

/** The chart itself, drawn by chart.js in the theme's colours. */
export default function ChartCanvas({
  data,
  labels,
  colours,
  text,
  grid,
  label,
  height,
  formatValue,
}: ChartCanvasProps) {
  const integers = data.series.every((series) => series.values.every(Number.isInteger));
  const ownAxis = seriesOnOwnAxis(data);
  const valueTicks = {
    color: text,
    precision: integers ? 0 : undefined,
    callback: (value: number | string) => formatValue(Number(value)),
  };
  const axisTitle = (indexes: number[]) => ({
    display: ownAxis.size > 0,
    color: text,
    text: indexes.map((index) => data.series[index]?.label).join(', '),
  });
  // Days and months may skip labels (their order says which bar is which); values must each be named.
  const byValue = !/^\d{4}-\d{2}/.test(data.labels[0] ?? '');
  const leftSeries = data.series.flatMap((_, index) => (ownAxis.has(index) ? [] : [index]));
  return (
    <div style={{ position: 'relative', height }}>
      <ReactChart
        type={data.kind}
        aria-label={label}
        role="img"
        data={{
          labels: [...labels],
          datasets: data.series.map((series, index) => {
            const colour = colours[index % colours.length] as string;
            return {
              label: series.label,
              data: [...series.values],
              backgroundColor: colour,
              borderColor: colour,
              yAxisID: ownAxis.has(index) ? 'y1' : 'y',
              borderWidth: data.kind === 'line' ? 2 : 0,
              pointRadius: data.kind === 'line' && labels.length > 62 ? 0 : 2,
            };
          }),
        }}
        options={{
          responsive: true,
          maintainAspectRatio: false,
          animation: false,
          interaction: { mode: 'index', intersect: false },
          plugins: {
            legend: { position: 'top', align: 'start', labels: { color: text, boxWidth: 12 } },
            tooltip: {
              callbacks: { label: (item) => `${item.dataset.label}: ${formatValue(Number(item.raw))}` },
            },
          },
          scales: {
            x: {
              ticks: { color: text, autoSkip: !byValue, maxRotation: byValue ? 90 : 0 },
              grid: { display: false },
            },
            // Whole steps for counts: no axis of 0, 0, 0, 1, 1.
            y: { beginAtZero: true, ticks: valueTicks, grid: { color: grid }, title: axisTitle(leftSeries) },
            y1: {
              display: ownAxis.size > 0,
              position: 'right',
              beginAtZero: true,
              ticks: valueTicks,
              grid: { display: false },
              title: axisTitle([...ownAxis]),
            },
          },
        }}
      />
    </div>
  );
}

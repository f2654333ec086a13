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
            x: { ticks: { color: text, autoSkip: true, maxRotation: 0 }, grid: { display: false } },
            y: {
              beginAtZero: true,
              // Whole steps for counts: no axis of 0, 0, 0, 1, 1.
              ticks: {
                color: text,
                precision: integers ? 0 : undefined,
                callback: (value) => formatValue(Number(value)),
              },
              grid: { color: grid },
            },
          },
        }}
      />
    </div>
  );
}

import type { DashboardFigure } from '@facet/contract';
import { formatCarat, formatMoney, formatNumber, formatPercent } from '../platform/lists/format.ts';

/** A figure's value as the panel writes numbers, carats, money and percentages. */
export function figureText(figure: Pick<DashboardFigure, 'value' | 'display'>): string {
  switch (figure.display) {
    case 'carat':
      return `${formatCarat(figure.value)} ct`;
    case 'money':
      return formatMoney(figure.value, 'USD', 0);
    case 'percent':
      return formatPercent(figure.value);
    default:
      return formatNumber(figure.value);
  }
}

/** Today's figure against the same day a week before: "+3 on last week (12)", or null without one. */
export function comparisonText(
  figure: DashboardFigure,
): { text: string; trend: 'up' | 'down' | 'same' } | null {
  if (figure.previous === undefined || figure.previous === null || figure.value === null) return null;
  const change = figure.value - figure.previous;
  const trend = change > 0 ? 'up' : change < 0 ? 'down' : 'same';
  const signed =
    change > 0 ? `+${formatNumber(change)}` : change < 0 ? `−${formatNumber(-change)}` : 'Same as';
  const text =
    trend === 'same'
      ? `Same as last week (${formatNumber(figure.previous)})`
      : `${signed} on last week (${formatNumber(figure.previous)})`;
  return { text, trend };
}

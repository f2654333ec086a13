import type { StoneTotals } from '@facet/contract';
import { Button } from 'antd';
import { totalsText } from './stone-totals.ts';

/**
 * One line of figures: stones, carats, amount, average discount and average price per carat. `estimated`: the
 * search found more stones than the server counts exactly, and its figures are worked out from a
 * sample: each reads "about …", rounded, and the bar says so.
 */
export function TotalsBar({
  title,
  totals,
  estimated = false,
  onClear,
}: {
  title: string;
  totals: StoneTotals;
  estimated?: boolean;
  onClear?: () => void;
}) {
  const text = totalsText(totals, estimated);
  const items = [
    ['Stones', text.stones],
    ['Carats', text.carats],
    ['Amount', text.amount],
    ['Avg discount', text.averageDiscount],
    ['Avg price/ct', text.averagePricePerCarat],
  ] as const;
  return (
    <section className="stock-totals" aria-label={`${title} totals`}>
      <span className="stock-totals-title">{title}</span>
      <dl>
        {items.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {estimated && (
        <span className="stock-totals-note">
          Estimated from a sample of the stock: narrow the search for exact figures.
        </span>
      )}
      {onClear && (
        <Button type="link" size="small" onClick={onClear} style={{ marginLeft: 'auto' }}>
          Clear selection
        </Button>
      )}
    </section>
  );
}

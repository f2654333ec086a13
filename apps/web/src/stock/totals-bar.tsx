import type { StoneTotals } from '@facet/contract';
import { Button } from 'antd';
import { totalsText } from './stone-totals.ts';

/** One line of figures: stones, carats, amount, average discount and average $/ct. */
export function TotalsBar({
  title,
  totals,
  onClear,
}: {
  title: string;
  totals: StoneTotals;
  onClear?: () => void;
}) {
  const text = totalsText(totals);
  const items = [
    ['Stones', text.stones],
    ['Carats', text.carats],
    ['Amount', text.amount],
    ['Avg discount', text.averageDiscount],
    ['Avg $/ct', text.averagePricePerCarat],
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
      {onClear && (
        <Button type="link" size="small" onClick={onClear} style={{ marginLeft: 'auto' }}>
          Clear selection
        </Button>
      )}
    </section>
  );
}

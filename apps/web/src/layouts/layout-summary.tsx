import type { LayoutRecord } from '@facet/contract';
import { Descriptions } from 'antd';

const EMPTY = '-';
const money = (value: number | null) =>
  value === null
    ? EMPTY
    : value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const carats = (value: number) =>
  value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 3 });

/** The figures of a saved layout, computed by the server from its stones in stock. */
export function LayoutSummary({ layout }: { layout: LayoutRecord }) {
  return (
    <section aria-label="Layout figures">
      <Descriptions
        size="small"
        bordered
        column={1}
        items={[
          { key: 'stones', label: 'Stones', children: String(layout.stoneCount) },
          { key: 'carats', label: 'Carats', children: carats(layout.carats) },
          { key: 'amount', label: 'Amount', children: money(layout.amount) },
          {
            key: 'discount',
            label: 'Discount %',
            children: layout.averageDiscount === null ? EMPTY : money(layout.averageDiscount),
          },
          { key: 'ppc', label: 'Price/ct', children: money(layout.averagePricePerCarat) },
          { key: 'colors', label: 'Colors', children: layout.colorRange ?? EMPTY },
          { key: 'clarities', label: 'Clarities', children: layout.clarityRange ?? EMPTY },
          { key: 'sizes', label: 'Sizes (ct)', children: layout.sizeRange ?? EMPTY },
        ]}
      />
    </section>
  );
}

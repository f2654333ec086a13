import type { LayoutRecord } from '@facet/contract';
import { Descriptions } from 'antd';
import { EMPTY, formatCarat, formatMoney, formatNumber, formatPercent } from '../platform/lists/format.ts';

/** The figures of a saved layout, computed by the server from its stones in stock. */
export function LayoutSummary({ layout }: { layout: LayoutRecord }) {
  return (
    <section aria-label="Layout figures">
      <Descriptions
        size="small"
        bordered
        column={1}
        items={[
          { key: 'stones', label: 'Stones', children: formatNumber(layout.stoneCount, 0) },
          { key: 'carats', label: 'Carats', children: formatCarat(layout.carats) },
          { key: 'amount', label: 'Amount', children: formatMoney(layout.amount) },
          {
            key: 'discount',
            label: 'Discount',
            children: formatPercent(layout.averageDiscount),
          },
          { key: 'ppc', label: 'Price/ct', children: formatMoney(layout.averagePricePerCarat) },
          { key: 'colors', label: 'Colors', children: layout.colorRange ?? EMPTY },
          { key: 'clarities', label: 'Clarities', children: layout.clarityRange ?? EMPTY },
          { key: 'sizes', label: 'Sizes (ct)', children: layout.sizeRange ?? EMPTY },
        ]}
      />
    </section>
  );
}

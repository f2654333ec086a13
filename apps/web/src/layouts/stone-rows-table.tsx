import type { LayoutStone } from '@facet/contract';
import { Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { ReactNode } from 'react';
import { EMPTY, formatCarat, formatMoney, formatPercent } from '../platform/lists/format.ts';

const money = (value: number | null) => formatMoney(value);
const textOf = (value: string | null) => value ?? EMPTY;

const COLUMNS: ColumnsType<LayoutStone> = [
  { key: 'stockNumber', title: 'Stock #', dataIndex: 'stockNumber', fixed: 'start', width: 120 },
  { key: 'shapeTitle', title: 'Shape', dataIndex: 'shapeTitle', render: textOf },
  { key: 'carat', title: 'Carat', dataIndex: 'carat', align: 'right', render: formatCarat },
  { key: 'colorTitle', title: 'Color', dataIndex: 'colorTitle', render: textOf },
  { key: 'clarityTitle', title: 'Clarity', dataIndex: 'clarityTitle', render: textOf },
  { key: 'rapPrice', title: 'Rap', dataIndex: 'rapPrice', align: 'right', render: money },
  {
    key: 'marketingBack',
    title: 'Disc %',
    dataIndex: 'marketingBack',
    align: 'right',
    render: (value) => formatPercent(value),
  },
  {
    key: 'marketingPricePerCarat',
    title: 'Price/ct',
    dataIndex: 'marketingPricePerCarat',
    align: 'right',
    render: money,
  },
  { key: 'amount', title: 'Amount', dataIndex: 'amount', align: 'right', render: money },
  { key: 'cutTitle', title: 'Cut', dataIndex: 'cutTitle', render: textOf },
  { key: 'polishTitle', title: 'Pol', dataIndex: 'polishTitle', render: textOf },
  { key: 'symmetryTitle', title: 'Sym', dataIndex: 'symmetryTitle', render: textOf },
  { key: 'fluorescenceTitle', title: 'Fluo', dataIndex: 'fluorescenceTitle', render: textOf },
  { key: 'labTitle', title: 'Lab', dataIndex: 'labTitle', render: textOf },
  { key: 'certificateNumber', title: 'Report #', dataIndex: 'certificateNumber', render: textOf },
];

/** Stones with their grades and prices, as a trader reads a stock sheet; `action` ends each row. */
export function StoneRowsTable({
  stones,
  label,
  loading,
  emptyText,
  action,
}: {
  stones: readonly LayoutStone[];
  /** The accessible name of the table's region. */
  label: string;
  loading?: boolean;
  emptyText: string;
  action?: (stone: LayoutStone) => ReactNode;
}) {
  const columns: ColumnsType<LayoutStone> = action
    ? [
        { key: 'action', title: '', fixed: 'start', width: 100, render: (_, stone) => action(stone) },
        ...COLUMNS,
      ]
    : COLUMNS;
  return (
    <section aria-label={label}>
      <Table<LayoutStone>
        size="small"
        rowKey="id"
        columns={columns}
        dataSource={[...stones]}
        loading={loading}
        pagination={stones.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
        scroll={{ x: 1300 }}
        locale={{ emptyText }}
      />
    </section>
  );
}

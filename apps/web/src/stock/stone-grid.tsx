import { type ResourceRecord, stoneResource } from '@facet/contract';
import { Button } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { Key } from 'react';
import { useMemo } from 'react';
import { ServerTable } from '../platform/lists/server-table.tsx';
import { resourceColumns } from '../platform/resources/resource-columns.tsx';
import type { ColumnChoice } from '../platform/resources/resource-model.ts';
import { STOCK_PAGE_SIZES, type StoneSearch } from './use-stone-search.ts';

/** Virtual rows need every column's width; these follow what the values look like. */
const WIDTH_BY_KIND: Partial<Record<string, number>> = {
  reference: 104,
  text: 130,
  enum: 110,
  textList: 180,
  boolean: 84,
  decimal: 104,
  integer: 96,
  date: 112,
};
const SELECTION_WIDTH = 40;
const STOCK_NUMBER_WIDTH = 130;
/** Tall enough for a screenful of rows, short enough to keep the totals and the pager in view. */
const GRID_HEIGHT = 560;

export interface StoneGridProps {
  search: StoneSearch;
  visible: readonly ColumnChoice[];
  selectedKeys: readonly string[];
  onSelect: (keys: Key[], rows: ResourceRecord[]) => void;
  onOpen: (stone: ResourceRecord) => void;
  onEdit?: (stone: ResourceRecord) => void;
  onHistory: (stone: ResourceRecord) => void;
  canToggle: boolean;
}

/**
 * The results: virtual rows (only those in view are in the DOM, so a 500-row page scrolls smoothly),
 * server sort and paging, selection kept across pages. The stock number opens the stone.
 */
export function StoneGrid({
  search,
  visible,
  selectedKeys,
  onSelect,
  onOpen,
  onEdit,
  onHistory,
  canToggle,
}: StoneGridProps) {
  const columns = useMemo(() => {
    const stockNumber: ColumnsType<ResourceRecord>[number] = {
      key: 'stockNumber',
      title: stoneResource.fields.stockNumber?.label,
      dataIndex: 'stockNumber',
      fixed: 'start',
      width: STOCK_NUMBER_WIDTH,
      render: (_: unknown, stone: ResourceRecord) => (
        <Button type="link" size="small" style={{ paddingInline: 0 }} onClick={() => onOpen(stone)}>
          {String(stone.stockNumber ?? '')}
        </Button>
      ),
    };
    return resourceColumns(
      stoneResource,
      visible,
      { canToggle, onEdit, onHistory, childLinks: [], onOpenChild: () => undefined },
      stockNumber,
    ).map((column) => ({
      ...column,
      width: column.width ?? WIDTH_BY_KIND[stoneResource.fields[String(column.key)]?.kind ?? ''] ?? 160,
      // Virtual rows are divs: the roles keep them a table to assistive technology (and to tests).
      onCell: () => ({ role: 'cell' }),
    }));
  }, [visible, canToggle, onEdit, onHistory, onOpen]);

  const width = columns.reduce((sum, column) => sum + Number(column.width ?? 0), SELECTION_WIDTH);

  return (
    <ServerTable<ResourceRecord>
      list={search}
      columns={columns}
      rowKey="id"
      emptyText="No stones match this search"
      pageSizes={STOCK_PAGE_SIZES}
      tableProps={{
        virtual: true,
        size: 'small',
        onRow: () => ({ role: 'row' }),
        scroll: { x: width, y: GRID_HEIGHT },
        rowSelection: {
          selectedRowKeys: [...selectedKeys],
          preserveSelectedRowKeys: true,
          fixed: true,
          columnWidth: SELECTION_WIDTH,
          onChange: onSelect,
          getCheckboxProps: (stone) => ({ 'aria-label': `Select ${String(stone.stockNumber ?? '')}` }),
        },
      }}
    />
  );
}

import { Empty, Table, type TableProps } from 'antd';
import type { ColumnsType, SorterResult } from 'antd/es/table/interface';
import { type ThHTMLAttributes, useMemo } from 'react';
import { PAGE_SIZES } from './list-params.ts';
import type { PaginatedList } from './use-paginated-list.ts';

interface ServerTableProps<T> {
  list: PaginatedList<T>;
  /** A column whose `key` is one of the list's sort keys becomes sortable. */
  columns: ColumnsType<T>;
  rowKey: keyof T & string;
  emptyText?: string;
  scrollX?: number;
  pageSizes?: readonly number[];
  /** Extra antd props (virtual rows, a sortable body); header cells stay as below. */
  tableProps?: Omit<TableProps<T>, 'columns' | 'dataSource' | 'rowKey' | 'onChange' | 'pagination'>;
}

const ORDER = { asc: 'ascend', desc: 'descend' } as const;

/**
 * antd labels a sortable header cell with its title (aria-label="Name"), so the column would answer to
 * the same label as the form field in the drawer above it. The cell's text already names it.
 */
function HeaderCell({ 'aria-label': _label, ...props }: ThHTMLAttributes<HTMLTableCellElement>) {
  return <th {...props} />;
}
const COMPONENTS = { header: { cell: HeaderCell } };

function sortOf<T>(sorter: SorterResult<T> | SorterResult<T>[]) {
  const single = Array.isArray(sorter) ? sorter[0] : sorter;
  if (!single?.order || single.columnKey === undefined) return null;
  return { key: String(single.columnKey), direction: single.order === 'ascend' ? 'asc' : 'desc' } as const;
}

/** antd Table over a server-paginated list: the server pages and sorts, the URL keeps the state. */
/** Counts read as the trade writes them (12,480), like the stock's totals. */
const wholeNumber = new Intl.NumberFormat('en-US');

export function ServerTable<T extends object>({
  list,
  columns,
  rowKey,
  emptyText = 'No records found',
  scrollX,
  pageSizes = PAGE_SIZES,
  tableProps,
}: ServerTableProps<T>) {
  const { params, sortKeys } = list;
  const sortedColumns = useMemo(
    () =>
      columns.map((column) => {
        const key = String(column.key ?? '');
        if (!sortKeys.includes(key)) return column;
        return {
          ...column,
          sorter: true,
          sortOrder: params.sort?.key === key ? ORDER[params.sort.direction] : null,
        };
      }),
    [columns, sortKeys, params.sort],
  );

  const onChange: TableProps<T>['onChange'] = (pagination, _filters, sorter, extra) => {
    if (extra.action === 'sort') list.setSort(sortOf(sorter));
    else if (extra.action === 'paginate')
      list.setPage(pagination.current ?? 1, pagination.pageSize ?? params.limit);
  };

  return (
    <Table<T>
      rowKey={rowKey}
      columns={sortedColumns}
      dataSource={list.rows}
      loading={list.refreshing}
      onChange={onChange}
      size="middle"
      scroll={scrollX ? { x: scrollX } : undefined}
      {...tableProps}
      components={{ ...tableProps?.components, ...COMPONENTS }}
      locale={{
        emptyText: list.loading ? (
          ' '
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} />
        ),
      }}
      pagination={{
        current: params.page,
        pageSize: params.limit,
        total: list.count,
        showSizeChanger: true,
        pageSizeOptions: pageSizes.map(String),
        showTotal: (total, [from, to]) =>
          `${from}-${to} of ${list.estimated ? 'about ' : ''}${wholeNumber.format(total)}`,
      }}
    />
  );
}

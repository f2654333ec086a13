import { Empty, Pagination, type PaginationProps, Table, type TableProps } from 'antd';
import type { ColumnsType, SorterResult } from 'antd/es/table/interface';
import { lazy, type ReactNode, Suspense, type ThHTMLAttributes, useMemo } from 'react';
import { scrollWidthOf } from './column-width.ts';
import { formatNumber } from './format.ts';
import type { ListCards as GenericListCards } from './list-cards.tsx';
import { PAGE_SIZES } from './list-params.ts';
import type { PaginatedList } from './use-paginated-list.ts';
import { usePhoneLayout } from './use-phone-layout.ts';

// Cards are drawn on a phone only; a desktop's first load does not carry them.
const ListCards = lazy(() =>
  import('./list-cards.tsx').then((module) => ({ default: module.ListCards })),
) as unknown as typeof GenericListCards;

interface ServerTableProps<T> {
  list: PaginatedList<T>;
  /** A column whose `key` is one of the list's sort keys becomes sortable. */
  columns: ColumnsType<T>;
  rowKey: keyof T & string;
  emptyText?: string;
  /** The table's scroll width; the sum of the columns' widths unless given. */
  scrollX?: number;
  /** A card's title on a phone; the first column's cell unless given. */
  cardTitle?: (record: T) => ReactNode;
  /** The column the card's title already shows, left out of its fields. */
  cardTitleKey?: string;
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

/**
 * antd Table over a server-paginated list: the server pages and sorts, the URL keeps the state. Rows are
 * compact, and on a phone they are cards with the same cells and actions.
 */
export function ServerTable<T extends object>({
  list,
  columns,
  rowKey,
  emptyText = 'No records found',
  scrollX,
  cardTitle,
  cardTitleKey,
  pageSizes = PAGE_SIZES,
  tableProps,
}: ServerTableProps<T>) {
  const { params, sortKeys } = list;
  const phone = usePhoneLayout();
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

  const empty = list.loading ? ' ' : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} />;
  const pagination: PaginationProps = {
    current: params.page,
    pageSize: params.limit,
    total: list.count,
    showSizeChanger: true,
    pageSizeOptions: pageSizes.map(String),
    showTotal: (total, [from, to]) =>
      `${from}-${to} of ${list.estimated ? 'about ' : ''}${formatNumber(total, 0)}`,
  };

  if (phone) {
    return (
      <>
        <Suspense fallback={null}>
          <ListCards<T>
            rows={list.rows}
            columns={columns}
            rowKey={rowKey}
            cardTitle={cardTitle}
            cardTitleKey={cardTitleKey}
            emptyText={empty}
            loading={list.refreshing}
          />
        </Suspense>
        {list.count > 0 && (
          <Pagination
            {...pagination}
            size="small"
            align="end"
            style={{ marginTop: 12 }}
            showSizeChanger={false}
            onChange={(page, pageSize) => list.setPage(page, pageSize)}
          />
        )}
      </>
    );
  }

  const x = scrollX ?? scrollWidthOf(columns);
  return (
    <Table<T>
      rowKey={rowKey}
      columns={sortedColumns}
      dataSource={list.rows}
      loading={list.refreshing}
      onChange={onChange}
      size="small"
      scroll={{ x }}
      {...tableProps}
      components={{ ...tableProps?.components, ...COMPONENTS }}
      locale={{ emptyText: empty }}
      pagination={pagination}
    />
  );
}

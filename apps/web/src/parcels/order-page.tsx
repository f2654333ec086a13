import {
  field,
  PARCEL_ORDER_SORT_KEYS,
  PARCEL_ORDER_STATUSES,
  type ParcelOrderRecord,
} from '@facet/contract';
import { Button, Card, Select, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { lazy, type MouseEvent, Suspense, useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { oneLineCells } from '../platform/lists/column-width.ts';
import {
  EMPTY,
  formatCarat,
  formatDate,
  formatDateTime,
  formatMoney,
  formatNumber,
} from '../platform/lists/format.ts';
import type { FilterKind } from '../platform/lists/list-params.ts';
import { ListToolbar } from '../platform/lists/list-toolbar.tsx';
import { PageHeader } from '../platform/lists/page-header.tsx';
import { PhoneFilters } from '../platform/lists/phone-filters.tsx';
import { ROW_ACTIONS_WIDTH, RowActions, type RowMenuItem } from '../platform/lists/row-actions.tsx';
import { ServerTable } from '../platform/lists/server-table.tsx';
import { usePaginatedList } from '../platform/lists/use-paginated-list.ts';
import { ExportButton } from '../platform/resources/export-button.tsx';
import { usePermissions } from '../platform/session/use-holder.ts';
import { CustomerFilters, DateFilter } from '../stock-summary/customer-filters.tsx';
import { isPending, STATUS_FILTER_OPTIONS, statusColor, statusLabel } from './order-format.ts';
import type { StatusMove } from './order-status-dialog.tsx';
import { PARCEL_ORDER_REFS } from './parcel-refs.ts';
import { ordersKey, parcelsApi } from './parcels-api.ts';

const OrderDrawer = lazy(() =>
  import('./order-drawer.tsx').then((module) => ({ default: module.OrderDrawer })),
);
const OrderStatusDialog = lazy(() =>
  import('./order-status-dialog.tsx').then((module) => ({ default: module.OrderStatusDialog })),
);

const FILTERS = {
  status: 'numbers',
  userId: 'string',
  accountId: 'string',
  orderDate: 'dateRange',
} as const satisfies Record<string, FilterKind>;
const DEFAULTS = { sort: { key: 'orderDate', direction: 'desc' } } as const;
const DATE_FILTER = field.date('Order date', { filter: 'range' });

const ORDER_PARAM = 'order';

const numbersOf = (value: unknown): number[] => (Array.isArray(value) ? value.map(Number) : []);
/** A click on a row's own controls is theirs, not the row's. */
const onControl = (event: MouseEvent) =>
  (event.target as HTMLElement).closest('button, a, input, .ant-dropdown, .ant-select') !== null;

/**
 * Parcel → Parcel order: the customers' melee orders, newest first; `?status=1` (the dashboard's tile)
 * shows the pending ones. A row opens the order with its lines; pending ones are marked done or cancelled.
 */
export function ParcelOrderPage() {
  const { canCall } = usePermissions();
  const list = usePaginatedList<ParcelOrderRecord>({
    queryKey: ordersKey,
    fetch: parcelsApi.orders,
    filters: FILTERS,
    sortKeys: PARCEL_ORDER_SORT_KEYS,
    defaults: DEFAULTS,
  });
  const { filter } = list.params;
  // The open order lives in the URL, so it can be shared and survives a reload.
  const [searchParams, setSearchParams] = useSearchParams();
  const openedId = searchParams.get(ORDER_PARAM);
  const setOpened = useCallback(
    (order: ParcelOrderRecord | null) =>
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (order) next.set(ORDER_PARAM, order.id);
          else next.delete(ORDER_PARAM);
          return next;
        },
        { replace: order === null },
      ),
    [setSearchParams],
  );
  const [move, setMove] = useState<StatusMove | null>(null);
  const canMove = canCall(PARCEL_ORDER_REFS.updateStatus);

  const columns = useMemo<ColumnsType<ParcelOrderRecord>>(() => {
    const itemsOf = (order: ParcelOrderRecord): RowMenuItem[] => [
      { key: 'open', label: 'Open', onClick: () => setOpened(order) },
      ...(canMove && isPending(order)
        ? [
            {
              key: 'done',
              label: 'Mark done',
              onClick: () => setMove({ order, status: PARCEL_ORDER_STATUSES.done }),
            },
            {
              key: 'cancel',
              label: 'Cancel order',
              danger: true,
              onClick: () => setMove({ order, status: PARCEL_ORDER_STATUSES.cancelled }),
            },
          ]
        : []),
    ];
    return oneLineCells<ParcelOrderRecord>([
      {
        key: 'actions',
        title: 'Actions',
        fixed: 'start',
        width: ROW_ACTIONS_WIDTH,
        render: (_, order) => <RowActions items={itemsOf(order)} />,
      },
      {
        key: 'orderNumber',
        title: 'Order #',
        fixed: 'start',
        width: 130,
        render: (_, order) => (
          <Button type="link" size="small" style={{ paddingInline: 0 }} onClick={() => setOpened(order)}>
            {order.orderNumber}
          </Button>
        ),
      },
      {
        key: 'orderDate',
        title: 'Order date',
        width: 120,
        render: (_, order) => formatDate(order.orderDate),
      },
      // What a clerk looks for first comes before the counts, so a laptop's width shows it.
      { key: 'userName', title: 'Customer', width: 160, render: (_, order) => order.userName },
      { key: 'accountName', title: 'Company', width: 160, render: (_, order) => order.accountName ?? EMPTY },
      {
        key: 'status',
        title: 'Status',
        width: 110,
        render: (_, order) => <Tag color={statusColor(order.status)}>{statusLabel(order.status)}</Tag>,
      },
      {
        key: 'totalAmount',
        title: 'Amount',
        width: 140,
        align: 'right',
        render: (_, order) => formatMoney(order.totalAmount),
      },
      {
        key: 'totalCarats',
        title: 'Carats',
        width: 100,
        align: 'right',
        render: (_, order) => formatCarat(order.totalCarats),
      },
      {
        key: 'totalPieces',
        title: 'Pieces',
        width: 90,
        align: 'right',
        render: (_, order) => formatNumber(order.totalPieces),
      },
      {
        key: 'lineCount',
        title: 'Lines',
        width: 80,
        align: 'right',
        render: (_, order) => formatNumber(order.lineCount),
      },
      {
        key: 'createdAt',
        title: 'Placed',
        width: 170,
        render: (_, order) => formatDateTime(order.createdAt),
      },
      {
        key: 'statusChanged',
        title: 'Status changed',
        width: 220,
        render: (_, order) =>
          order.statusChangedAt
            ? `${order.statusChangedByName ? `${order.statusChangedByName}, ` : ''}${formatDateTime(order.statusChangedAt)}`
            : EMPTY,
      },
    ]);
  }, [canMove, setOpened]);

  return (
    <Card>
      <PageHeader
        title="Parcel orders"
        extra={<ExportButton onExport={(format) => parcelsApi.exportOrders(list.body, format)} />}
      />
      <ListToolbar list={list} placeholder="Search order #, customer or company">
        <PhoneFilters count={Number.POSITIVE_INFINITY} active={Object.keys(filter).length}>
          <Select<number[]>
            mode="multiple"
            allowClear
            aria-label="Filter by status"
            placeholder="Status"
            style={{ minWidth: 160 }}
            maxTagCount="responsive"
            options={STATUS_FILTER_OPTIONS}
            value={numbersOf(filter.status)}
            onChange={(value) => list.setFilter('status', value)}
          />
          <CustomerFilters list={list} />
          <DateFilter list={list} name="orderDate" spec={DATE_FILTER} />
        </PhoneFilters>
      </ListToolbar>
      <ServerTable
        list={list}
        columns={columns}
        rowKey="id"
        emptyText="No parcel orders"
        tableProps={{
          onRow: (order) => ({
            onClick: (event) => {
              if (!onControl(event)) setOpened(order);
            },
            style: { cursor: 'pointer' },
          }),
        }}
      />
      <Suspense>
        {openedId && (
          <OrderDrawer
            key={openedId}
            orderId={openedId}
            row={list.rows.find((order) => order.id === openedId)}
            canMove={canMove}
            onMove={(order, status) => setMove({ order, status })}
            onClose={() => setOpened(null)}
          />
        )}
        {move && <OrderStatusDialog move={move} onClose={() => setMove(null)} />}
      </Suspense>
    </Card>
  );
}

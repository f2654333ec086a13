import { PARCEL_ORDER_STATUSES, type ParcelOrderLine, type ParcelOrderRecord } from '@facet/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Drawer, Flex, Table, Tag, Timeline, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import {
  EMPTY,
  formatCarat,
  formatDate,
  formatDateTime,
  formatMoney,
  formatNumber,
} from '../platform/lists/format.ts';
import { isPending, statusColor, statusLabel } from './order-format.ts';
import { orderKey, parcelsApi } from './parcels-api.ts';

const ONE_LINE = { style: { whiteSpace: 'nowrap' as const } };

const LINE_COLUMNS: ColumnsType<ParcelOrderLine> = (
  [
    { key: 'sieveGroup', title: 'Sieve group', render: (_, line) => line.sieveGroupName },
    { key: 'qualityBand', title: 'Quality band', render: (_, line) => line.qualityBandName },
    { key: 'pieces', title: 'Pieces', align: 'right', render: (_, line) => formatNumber(line.pieces) },
    { key: 'carats', title: 'Carats', align: 'right', render: (_, line) => formatCarat(line.carats) },
    {
      key: 'pricePerCarat',
      title: 'Price/ct',
      align: 'right',
      render: (_, line) => formatMoney(line.pricePerCarat),
    },
    { key: 'amount', title: 'Amount', align: 'right', render: (_, line) => formatMoney(line.amount) },
  ] satisfies ColumnsType<ParcelOrderLine>
).map((column) => ({ ...column, onCell: () => ONE_LINE }));

/**
 * One parcel order: who ordered, its lines at the sheet's prices of the order date, and what happened
 * to it; a pending one is marked done or cancelled from here.
 */
export function OrderDrawer({
  orderId,
  row,
  canMove,
  onMove,
  onClose,
}: {
  /** The order the URL names, so a link to it opens it. */
  orderId: string;
  /** The list's row of the order, when the list shows it. */
  row: ParcelOrderRecord | undefined;
  canMove: boolean;
  onMove: (
    order: ParcelOrderRecord,
    status: typeof PARCEL_ORDER_STATUSES.done | typeof PARCEL_ORDER_STATUSES.cancelled,
  ) => void;
  onClose: () => void;
}) {
  const detail = useQuery({ queryKey: [...orderKey, orderId], queryFn: () => parcelsApi.order(orderId) });
  // Until the order is read, the drawer shows what the row knows.
  const order = detail.data ?? row;
  const lines = detail.data?.lines ?? [];
  if (!order) {
    return (
      <Drawer open title="Parcel order" size={820} loading={detail.isPending} onClose={onClose}>
        {detail.isError && <Alert type="error" showIcon title="This parcel order was not found." />}
      </Drawer>
    );
  }
  const closed = !isPending(order);
  return (
    <Drawer
      open
      title={
        <>
          Parcel order <span style={{ whiteSpace: 'nowrap' }}>{order.orderNumber}</span>
        </>
      }
      size={820}
      onClose={onClose}
      extra={
        canMove &&
        !closed && (
          <Flex gap={8}>
            <Button danger onClick={() => onMove(order, PARCEL_ORDER_STATUSES.cancelled)}>
              Cancel order
            </Button>
            <Button type="primary" onClick={() => onMove(order, PARCEL_ORDER_STATUSES.done)}>
              Mark done
            </Button>
          </Flex>
        )
      }
    >
      {detail.isError && <Alert type="error" showIcon title="The order could not be read." />}
      <Descriptions
        size="small"
        column={2}
        items={[
          { key: 'customer', label: 'Customer', children: order.userName },
          { key: 'company', label: 'Company', children: order.accountName ?? EMPTY },
          { key: 'orderDate', label: 'Order date', children: formatDate(order.orderDate) },
          { key: 'priceDate', label: 'Prices of', children: formatDate(order.priceDate) },
          {
            key: 'status',
            label: 'Status',
            children: <Tag color={statusColor(order.status)}>{statusLabel(order.status)}</Tag>,
          },
          { key: 'amount', label: 'Amount', children: formatMoney(order.totalAmount) },
          { key: 'notes', label: 'Notes', span: 2, children: order.notes || EMPTY },
        ]}
      />
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        Lines
      </Typography.Title>
      <Table<ParcelOrderLine>
        size="small"
        rowKey="id"
        columns={LINE_COLUMNS}
        dataSource={lines}
        loading={detail.isPending}
        pagination={false}
        // On a phone the lines scroll sideways rather than lose their prices.
        scroll={{ x: 'max-content' }}
        summary={() =>
          lines.length > 0 ? (
            <Table.Summary.Row>
              <Table.Summary.Cell index={0} colSpan={2}>
                Total
              </Table.Summary.Cell>
              <Table.Summary.Cell index={2} align="right">
                {formatNumber(order.totalPieces)}
              </Table.Summary.Cell>
              <Table.Summary.Cell index={3} align="right">
                {formatCarat(order.totalCarats)}
              </Table.Summary.Cell>
              <Table.Summary.Cell index={4} />
              <Table.Summary.Cell index={5} align="right">
                {formatMoney(order.totalAmount)}
              </Table.Summary.Cell>
            </Table.Summary.Row>
          ) : null
        }
      />
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        History
      </Typography.Title>
      <Timeline
        items={[
          { key: 'placed', content: `Placed by ${order.userName}, ${formatDateTime(order.createdAt)}` },
          ...(closed
            ? [
                {
                  key: 'status',
                  color: order.status === PARCEL_ORDER_STATUSES.done ? 'green' : 'gray',
                  content: `${statusLabel(order.status)}${order.statusChangedByName ? ` by ${order.statusChangedByName}` : ''}, ${formatDateTime(order.statusChangedAt)}`,
                },
              ]
            : []),
        ]}
      />
    </Drawer>
  );
}

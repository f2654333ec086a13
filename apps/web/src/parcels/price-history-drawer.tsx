import { useQuery } from '@tanstack/react-query';
import { Drawer, Empty, Flex, Table, Typography } from 'antd';
import { EMPTY, formatDate, formatMoney } from '../platform/lists/format.ts';
import { parcelsApi, priceHistoryKey } from './parcels-api.ts';
import { formatMoneyChange, sparklinePoints, trendOf } from './price-sheet-model.ts';

const WIDTH = 240;
const HEIGHT = 48;

export interface HistoryCell {
  sieveGroupId: string;
  qualityBandId: string;
  /** `+2 -6.5, D-F VVS`: what the drawer is titled until the history is read. */
  name: string;
}

/** One cell's price per carat over the sheets, a small trend line above the list, newest first. */
export function PriceHistoryDrawer({ cell, onClose }: { cell: HistoryCell; onClose: () => void }) {
  const history = useQuery({
    queryKey: [...priceHistoryKey, cell.sieveGroupId, cell.qualityBandId],
    queryFn: () => parcelsApi.history(cell.sieveGroupId, cell.qualityBandId),
  });
  const points = history.data?.points ?? [];
  const name = history.data ? `${history.data.sieveGroupName}, ${history.data.qualityBandName}` : cell.name;
  const rows = points
    .map((point, index) => ({ ...point, before: points[index - 1]?.pricePerCarat ?? null }))
    .reverse();
  return (
    <Drawer open title={`Price history — ${name}`} size={420} onClose={onClose}>
      {points.length > 1 && (
        <Flex gap={8} align="stretch" style={{ marginBottom: 12 }}>
          {/* The line's scale: its highest and lowest price, and the dates it runs between. */}
          <Flex vertical justify="space-between" style={{ minWidth: 96, textAlign: 'right' }}>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              High {formatMoney(Math.max(...points.map((point) => point.pricePerCarat)))}
            </Typography.Text>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              Low {formatMoney(Math.min(...points.map((point) => point.pricePerCarat)))}
            </Typography.Text>
          </Flex>
          <div>
            <svg
              role="img"
              aria-label={`Price per carat from ${formatMoney(points[0]?.pricePerCarat)} to ${formatMoney(points.at(-1)?.pricePerCarat)}`}
              width={WIDTH}
              height={HEIGHT + 8}
              viewBox={`-4 -4 ${WIDTH + 8} ${HEIGHT + 8}`}
              style={{ display: 'block' }}
            >
              <polyline
                points={sparklinePoints(
                  points.map((point) => point.pricePerCarat),
                  WIDTH,
                  HEIGHT,
                )}
                fill="none"
                stroke="currentColor"
                strokeWidth={2}
                strokeLinejoin="round"
              />
            </svg>
            <Flex justify="space-between">
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {formatDate(points[0]?.date)}
              </Typography.Text>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {formatDate(points.at(-1)?.date)}
              </Typography.Text>
            </Flex>
          </div>
        </Flex>
      )}
      <Table
        size="small"
        rowKey="date"
        loading={history.isPending}
        pagination={false}
        dataSource={rows}
        locale={{ emptyText: <Empty description="No price yet" /> }}
        columns={[
          { key: 'date', title: 'Date', render: (_, row) => formatDate(row.date) },
          {
            key: 'price',
            title: 'Price/ct',
            align: 'right',
            render: (_, row) => formatMoney(row.pricePerCarat),
          },
          {
            key: 'change',
            title: 'Change',
            align: 'right',
            render: (_, row) => {
              const trend = trendOf(row.pricePerCarat, row.before);
              if (row.before === null) return EMPTY;
              const change = row.pricePerCarat - row.before;
              return (
                <Typography.Text
                  type={trend === 'up' ? 'success' : trend === 'down' ? 'danger' : 'secondary'}
                >
                  {formatMoneyChange(change)}
                </Typography.Text>
              );
            },
          },
        ]}
      />
    </Drawer>
  );
}

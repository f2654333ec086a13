import ArrowDownOutlined from '@ant-design/icons/es/icons/ArrowDownOutlined';
import ArrowUpOutlined from '@ant-design/icons/es/icons/ArrowUpOutlined';
import {
  OFFER_STATUS_OPTIONS,
  OFFER_STATUSES,
  TRACK_TYPE_OPTIONS,
  TRACK_TYPES,
  type TrackRecord,
  trackListColumns,
} from '@facet/contract';
import { Button, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { EMPTY, formatDateTime, formatMoney, formatPercent } from '../platform/lists/format.ts';
import { labelOf, priceMove, priceMoveTitle, stoneGrades, type TrackScreenKey } from './activity-format.ts';

type Column = ColumnsType<TrackRecord>[number];

const OFFER_STATUS_COLORS: Record<number, string> = {
  [OFFER_STATUSES.pending]: 'gold',
  [OFFER_STATUSES.countered]: 'blue',
  [OFFER_STATUSES.accepted]: 'green',
  [OFFER_STATUSES.rejected]: 'red',
  [OFFER_STATUSES.expired]: 'default',
};

/** The stone's stock number, opening the stone when the reader may see the stock. */
export function StockNumber({
  record,
  onOpen,
}: {
  record: TrackRecord;
  onOpen?: (record: TrackRecord) => void;
}) {
  const gone = record.stoneAvailable ? null : (
    <Tag style={{ marginInlineStart: 6 }} title="Sold, removed or hidden since">
      Not in stock
    </Tag>
  );
  return (
    <span>
      {onOpen ? (
        <Button type="link" size="small" style={{ paddingInline: 0 }} onClick={() => onOpen(record)}>
          {record.stockNumber}
        </Button>
      ) : (
        record.stockNumber
      )}
      {gone}
    </span>
  );
}

/** The amount now, with an arrow when it moved since the customer acted. */
function AmountNow({ record }: { record: TrackRecord }) {
  const move = priceMove(record.amount, record.currentAmount);
  if (record.currentAmount === null) return EMPTY;
  if (!move) return formatMoney(record.currentAmount);
  const Arrow = move === 'up' ? ArrowUpOutlined : ArrowDownOutlined;
  return (
    <Tooltip title={priceMoveTitle(record.amount, record.currentAmount)}>
      <Typography.Text type={move === 'up' ? 'danger' : 'success'}>
        <Arrow aria-label={move === 'up' ? 'Price went up' : 'Price went down'} />{' '}
        {formatMoney(record.currentAmount)}
      </Typography.Text>
    </Tooltip>
  );
}

function Customer({ record }: { record: TrackRecord }) {
  return (
    <span title={`${record.userName} (${record.username})`}>
      {record.userName} <Typography.Text type="secondary">{record.username}</Typography.Text>
    </span>
  );
}

/** How the screen shows each declared column (width, alignment, cell); the header is the declaration's. */
const CELLS: Record<string, Omit<Column, 'key' | 'title'>> = {
  stockNumber: { width: 170 },
  trackType: { width: 110, render: (_, record) => labelOf(TRACK_TYPE_OPTIONS, record.trackType) },
  stone: { width: 190, render: (_, record) => stoneGrades({ ...record, carat: null }) },
  carat: {
    width: 90,
    align: 'end',
    render: (_, record) => (record.carat === null ? EMPTY : record.carat.toFixed(2)),
  },
  userName: { width: 200, render: (_, record) => <Customer record={record} /> },
  accountName: { width: 180, render: (_, record) => record.accountName ?? EMPTY },
  reminderDate: {
    width: 220,
    render: (_, record) => (
      <span>
        {formatDateTime(record.reminderDate)}
        {/* A reminder whose moment has passed is work to do (the customer has been told). */}
        {record.reminderDate && new Date(record.reminderDate).getTime() <= Date.now() && (
          <Tag color="orange" style={{ marginInlineStart: 6 }}>
            Due
          </Tag>
        )}
      </span>
    ),
  },
  enquiryNumber: { width: 120, render: (_, record) => record.enquiryNumber ?? EMPTY },
  remarks: { width: 260, render: (_, record) => record.remarks || EMPTY },
  reply: {
    width: 260,
    render: (_, record) =>
      record.reply ? <span title={record.reply}>{record.reply}</span> : <Tag color="gold">Waiting</Tag>,
  },
  repliedBy: {
    width: 200,
    render: (_, record) =>
      record.repliedByName ? `${record.repliedByName}, ${formatDateTime(record.repliedAt)}` : EMPTY,
  },
  offerStatus: {
    width: 110,
    render: (_, record) => (
      <Tag color={OFFER_STATUS_COLORS[record.offerStatus ?? 0]}>
        {labelOf(OFFER_STATUS_OPTIONS, record.offerStatus)}
      </Tag>
    ),
  },
  offerPricePerCarat: { width: 170, align: 'end', render: (_, r) => formatMoney(r.offerPricePerCarat) },
  offerAmount: { width: 150, align: 'end', render: (_, record) => formatMoney(record.offerAmount) },
  counterPricePerCarat: { width: 180, align: 'end', render: (_, r) => formatMoney(r.counterPricePerCarat) },
  counteredAt: { width: 170, render: (_, record) => formatDateTime(record.counteredAt) },
  validUntil: { width: 170, render: (_, record) => formatDateTime(record.validUntil) },
  pricePerCarat: { width: 140, align: 'end', render: (_, record) => formatMoney(record.pricePerCarat) },
  discount: { width: 100, align: 'end', render: (_, record) => formatPercent(record.discount) },
  amount: { width: 150, align: 'end', render: (_, record) => formatMoney(record.amount) },
  currentAmount: { width: 170, align: 'end', render: (_, record) => <AmountNow record={record} /> },
  createdAt: { width: 170, render: (_, record) => formatDateTime(record.createdAt) },
  details: { width: 280, render: (_, record) => <Details record={record} /> },
};

/** A row's own terms in a list of every kind: the offer's, the question, the reminder's moment. */
function Details({ record }: { record: TrackRecord }) {
  if (record.trackType === TRACK_TYPES.offer) {
    const counter =
      record.offerStatus === OFFER_STATUSES.countered
        ? `, countered at ${formatMoney(record.counterPricePerCarat)}`
        : '';
    return (
      <span>
        <Tag color={OFFER_STATUS_COLORS[record.offerStatus ?? 0]}>
          {labelOf(OFFER_STATUS_OPTIONS, record.offerStatus)}
        </Tag>
        {formatMoney(record.offerPricePerCarat)}/ct{counter}
      </span>
    );
  }
  if (record.trackType === TRACK_TYPES.reminder) return <>{formatDateTime(record.reminderDate)}</>;
  if (record.trackType === TRACK_TYPES.enquiry) {
    return (
      <span title={record.remarks ?? undefined}>
        {record.reply ? null : <Tag color="gold">Waiting</Tag>}
        {record.remarks || EMPTY}
      </span>
    );
  }
  return <>{record.remarks || EMPTY}</>;
}

/**
 * The columns of a kind's list (null: every kind's), in the order and with the headers of its
 * declaration (list-columns.ts in the contract), which its export writes too.
 */
export function trackColumns(
  kind: TrackScreenKey | null,
  onOpen: ((record: TrackRecord) => void) | undefined,
): Column[] {
  return trackListColumns(kind).map(({ key, spec }) => ({
    key,
    title: spec.label,
    ...(CELLS[key] ?? {
      width: 150,
      render: (_: unknown, record: TrackRecord) => String(record[key as keyof TrackRecord] ?? EMPTY),
    }),
    // The stone stays in view while the row scrolls sideways.
    ...(key === 'stockNumber'
      ? {
          fixed: 'start' as const,
          render: (_: unknown, record: TrackRecord) => <StockNumber record={record} onOpen={onOpen} />,
        }
      : {}),
  }));
}

import ArrowDownOutlined from '@ant-design/icons/es/icons/ArrowDownOutlined';
import ArrowUpOutlined from '@ant-design/icons/es/icons/ArrowUpOutlined';
import { OFFER_STATUS_OPTIONS, OFFER_STATUSES, TRACK_TYPE_OPTIONS, type TrackRecord } from '@facet/contract';
import { Button, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { EMPTY, formatDateTime, formatMoney, formatPercent } from '../platform/lists/format.ts';
import { labelOf, priceMove, priceMoveTitle, stoneGrades, type TrackScreenKey } from './activity-format.ts';

type Column = ColumnsType<TrackRecord>[number];

const OFFER_STATUS_COLORS: Record<number, string> = {
  [OFFER_STATUSES.pending]: 'gold',
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

/** The columns before the kind's own: the stone and who. */
export function leadColumns(
  onOpen: ((record: TrackRecord) => void) | undefined,
  withKind: boolean,
): Column[] {
  return [
    {
      key: 'stockNumber',
      title: 'Stock #',
      width: 170,
      render: (_, record) => <StockNumber record={record} onOpen={onOpen} />,
    },
    ...(withKind
      ? [
          {
            key: 'trackType',
            title: 'Kind',
            width: 110,
            render: (_: unknown, record: TrackRecord) => labelOf(TRACK_TYPE_OPTIONS, record.trackType),
          },
        ]
      : []),
    {
      key: 'stone',
      title: 'Stone',
      width: 190,
      render: (_, record) => stoneGrades({ ...record, carat: null }),
    },
    { key: 'carat', title: 'Carat', width: 90, align: 'end', render: (_, record) => stoneCarat(record) },
    { key: 'userName', title: 'Customer', width: 200, render: (_, record) => <Customer record={record} /> },
    { key: 'accountName', title: 'Company', width: 180, render: (_, record) => record.accountName ?? EMPTY },
  ];
}

const stoneCarat = (record: TrackRecord) => (record.carat === null ? EMPTY : record.carat.toFixed(2));

/** What each kind shows of its own: the reminder's moment, the enquiry's question, the offer's terms. */
export function kindColumns(kind: TrackScreenKey | null): Column[] {
  switch (kind) {
    case 'reminder':
      return [
        {
          key: 'reminderDate',
          title: 'Reminder',
          width: 170,
          render: (_, record) => formatDateTime(record.reminderDate),
        },
      ];
    case 'enquiry':
      return [
        { key: 'enquiryNumber', title: 'Enquiry #', width: 120, render: (_, r) => r.enquiryNumber ?? EMPTY },
        { key: 'remarks', title: 'Question', width: 260, render: (_, r) => r.remarks || EMPTY },
        {
          key: 'reply',
          title: 'Reply',
          width: 260,
          render: (_, record) =>
            record.reply ? <span title={record.reply}>{record.reply}</span> : <Tag color="gold">Waiting</Tag>,
        },
        {
          key: 'repliedBy',
          title: 'Replied by',
          width: 200,
          render: (_, record) =>
            record.repliedByName ? `${record.repliedByName}, ${formatDateTime(record.repliedAt)}` : EMPTY,
        },
      ];
    case 'offer':
      return [
        {
          key: 'offerStatus',
          title: 'Status',
          width: 110,
          render: (_, record) => (
            <Tag color={OFFER_STATUS_COLORS[record.offerStatus ?? 0]}>
              {labelOf(OFFER_STATUS_OPTIONS, record.offerStatus)}
            </Tag>
          ),
        },
        {
          key: 'offerPricePerCarat',
          title: 'Offer price/ct',
          width: 170,
          align: 'end',
          render: (_, record) => formatMoney(record.offerPricePerCarat),
        },
        {
          key: 'offerAmount',
          title: 'Offer amount',
          width: 150,
          align: 'end',
          render: (_, record) => formatMoney(record.offerAmount),
        },
        {
          key: 'validUntil',
          title: 'Valid until',
          width: 170,
          render: (_, record) => formatDateTime(record.validUntil),
        },
        {
          key: 'counterPricePerCarat',
          title: 'Counter price/ct',
          width: 180,
          align: 'end',
          render: (_, record) => formatMoney(record.counterPricePerCarat),
        },
      ];
    default:
      return [];
  }
}

/** The price when the customer acted and now, then when they did. */
export function priceColumns(): Column[] {
  return [
    {
      key: 'pricePerCarat',
      title: 'Price/ct',
      width: 140,
      align: 'end',
      render: (_, record) => formatMoney(record.pricePerCarat),
    },
    {
      key: 'discount',
      title: 'Disc %',
      width: 100,
      align: 'end',
      render: (_, record) => formatPercent(record.discount),
    },
    { key: 'amount', title: 'Amount', width: 150, align: 'end', render: (_, r) => formatMoney(r.amount) },
    {
      key: 'currentAmount',
      title: 'Amount now',
      width: 170,
      align: 'end',
      render: (_, record) => <AmountNow record={record} />,
    },
    { key: 'createdAt', title: 'Date', width: 170, render: (_, record) => formatDateTime(record.createdAt) },
  ];
}

import {
  field,
  OFFER_STATUS_OPTIONS,
  OFFER_STATUSES,
  stoneResource,
  TRACK_SORT_KEYS,
  TRACK_TYPE_OPTIONS,
  TRACK_TYPES,
  type TrackRecord,
} from '@facet/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Select } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { lazy, type ReactNode, Suspense, useMemo, useState } from 'react';
import { oneLineCells } from '../platform/lists/column-width.ts';
import { formatMoney } from '../platform/lists/format.ts';
import type { FilterKind } from '../platform/lists/list-params.ts';
import { ListToolbar } from '../platform/lists/list-toolbar.tsx';
import { PageHeader } from '../platform/lists/page-header.tsx';
import { PhoneFilters } from '../platform/lists/phone-filters.tsx';
import { ROW_ACTIONS_WIDTH, RowActions, type RowMenuItem } from '../platform/lists/row-actions.tsx';
import { ServerTable } from '../platform/lists/server-table.tsx';
import { usePaginatedList } from '../platform/lists/use-paginated-list.ts';
import { ExportButton } from '../platform/resources/export-button.tsx';
import { usePermissions } from '../platform/session/use-holder.ts';
import {
  belowListWarning,
  isOpenOffer,
  priceToAccept,
  TRACK_SCREENS,
  type TrackScreen,
} from './activity-format.ts';
import { CustomerFilters, DateFilter } from './customer-filters.tsx';
import { stockSummaryApi, stockSummaryKey, trackKey } from './stock-summary-api.ts';
import type { StoneRef } from './stone-drawer.tsx';
import { STONE_FILTERS, StoneFilters } from './stone-filters.tsx';
import { trackColumns } from './track-columns.tsx';

const ReplyDialog = lazy(() =>
  import('./reply-dialog.tsx').then((module) => ({ default: module.ReplyDialog })),
);
const CounterDialog = lazy(() =>
  import('./counter-dialog.tsx').then((module) => ({ default: module.CounterDialog })),
);
const ConfirmDialog = lazy(() =>
  import('./confirm-dialog.tsx').then((module) => ({ default: module.ConfirmDialog })),
);
const StoneDrawer = lazy(() =>
  import('./stone-drawer.tsx').then((module) => ({ default: module.StoneDrawer })),
);

const DATE_FILTER = field.date('Date', { filter: 'range' });
const DEFAULTS = { sort: { key: 'createdAt', direction: 'desc' } } as const;
const BASE_FILTERS = {
  userId: 'string',
  accountId: 'string',
  createdAt: 'dateRange',
  ...STONE_FILTERS,
} as const satisfies Record<string, FilterKind>;
const OFFER_FILTERS = { ...BASE_FILTERS, offerStatus: 'numbers' } as const;
const ENQUIRY_FILTERS = { ...BASE_FILTERS, replied: 'boolean' } as const;
const ALL_KINDS_FILTERS = { ...BASE_FILTERS, trackType: 'numbers' } as const;
/** The kinds staff keep lists of (the others are the client apps' own). */
const KIND_OPTIONS = TRACK_TYPE_OPTIONS.filter((option) =>
  Object.values(TRACK_SCREENS).some((screen) => screen.trackType === option.value),
).map(({ value, label }) => ({ value, label }));
const REPLIED_OPTIONS = [
  { value: 'false', label: 'Waiting for a reply' },
  { value: 'true', label: 'Answered' },
];

type Dialog =
  | { kind: 'reply'; record: TrackRecord }
  | { kind: 'counter'; record: TrackRecord }
  | { kind: 'accept' | 'reject'; record: TrackRecord };

const numbersOf = (value: unknown): number[] => (Array.isArray(value) ? value.map(Number) : []);

/** What accepting agrees to: the customer's price, or the counter's once countered. */
function acceptDetail(record: TrackRecord): string {
  const price = priceToAccept(record);
  const total =
    price !== null && record.carat !== null
      ? ` (${formatMoney(price * record.carat)} for ${record.carat.toFixed(2)} ct)`
      : '';
  const history =
    record.offerStatus === OFFER_STATUSES.countered
      ? `${record.userName} offered ${formatMoney(record.offerPricePerCarat)} per carat and was countered at ${formatMoney(record.counterPricePerCarat)}. `
      : '';
  return `${history}You agree to sell the stone to ${record.userName} at ${formatMoney(price)} per carat${total}; it is listed at ${formatMoney(record.currentPricePerCarat)} per carat. ${record.userName} is told the offer is accepted.`;
}

/**
 * One list of customers' activity: a kind's (cart, watchlist, reminder, enquiry, offer) or, without a
 * screen, every kind of one company's. `userId` narrows it to one customer, `accountId` to one company.
 * Enquiries are answered and open offers (pending or countered) decided from the row.
 */
export function TrackList({
  screen,
  userId,
  accountId,
  title,
  empty,
}: {
  screen: TrackScreen | null;
  userId?: string;
  accountId?: string;
  /** The header, or null when the list sits in another screen's tab. */
  title: ((customer: string | undefined) => ReactNode) | null;
  empty: string;
}) {
  const { can } = usePermissions();
  const queryClient = useQueryClient();
  const kind = screen?.key ?? null;
  const fixedFilter = useMemo(
    () => ({
      ...(screen ? { trackType: screen.trackType } : {}),
      ...(userId ? { userId } : {}),
      ...(accountId ? { accountId } : {}),
    }),
    [screen, userId, accountId],
  );
  const filters =
    kind === 'offer'
      ? OFFER_FILTERS
      : kind === 'enquiry'
        ? ENQUIRY_FILTERS
        : kind
          ? BASE_FILTERS
          : ALL_KINDS_FILTERS;
  const list = usePaginatedList<TrackRecord>({
    queryKey: [...trackKey, kind ?? 'all', userId ?? '', accountId ?? ''],
    fetch: stockSummaryApi.tracks,
    filters,
    sortKeys: TRACK_SORT_KEYS,
    defaults: DEFAULTS,
    fixedFilter,
  });
  const { filter } = list.params;
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [opened, setOpened] = useState<StoneRef | null>(null);
  const canReply = can('Enquiry', 'update');
  const canDecide = can('Offer', 'update');
  const canOpenStone = can(stoneResource.module, 'view');

  const columns = useMemo<ColumnsType<TrackRecord>>(() => {
    const itemsOf = (record: TrackRecord): RowMenuItem[] => {
      const items: RowMenuItem[] = [];
      if (canOpenStone) {
        items.push({
          key: 'stone',
          label: 'Stone details',
          onClick: () => setOpened({ id: record.stoneId, stockNumber: record.stockNumber }),
        });
      }
      if (record.trackType === TRACK_TYPES.enquiry && canReply) {
        items.push({
          key: 'reply',
          label: record.reply ? 'Reply again' : 'Reply',
          onClick: () => setDialog({ kind: 'reply', record }),
        });
      }
      if (isOpenOffer(record) && canDecide) {
        // A stone sold, removed or hidden since can only be refused: the server would refuse the rest.
        const gone = record.stoneAvailable
          ? {}
          : { disabled: true, title: 'The stone is no longer in stock.' };
        items.push(
          { key: 'accept', label: 'Accept', ...gone, onClick: () => setDialog({ kind: 'accept', record }) },
          {
            key: 'counter',
            label: 'Counter',
            ...gone,
            onClick: () => setDialog({ kind: 'counter', record }),
          },
          {
            key: 'reject',
            label: 'Reject',
            danger: true,
            onClick: () => setDialog({ kind: 'reject', record }),
          },
        );
      }
      return items;
    };
    return oneLineCells<TrackRecord>([
      {
        key: 'actions',
        title: 'Actions',
        fixed: 'start',
        width: ROW_ACTIONS_WIDTH,
        render: (_, record) => <RowActions items={itemsOf(record)} />,
      },
      ...trackColumns(
        kind,
        canOpenStone
          ? (record) => setOpened({ id: record.stoneId, stockNumber: record.stockNumber })
          : undefined,
        // A company's own tab needs no company column (its export keeps it).
      ).filter((column) => !(accountId && column.key === 'accountName')),
    ]);
  }, [kind, canReply, canDecide, canOpenStone, accountId]);

  const customer = userId ? list.rows[0]?.userName : undefined;
  const decide = (record: TrackRecord, decision: 'accept' | 'reject') => () =>
    stockSummaryApi.decideOffer(record.id, { decision }).then((envelope) => {
      void queryClient.invalidateQueries({ queryKey: stockSummaryKey });
      return envelope;
    });

  return (
    <>
      {title && (
        <PageHeader
          title={title(customer)}
          extra={
            <ExportButton
              onExport={(format) => stockSummaryApi.exportTracks(list.body, format, screen?.key)}
            />
          }
        />
      )}
      <ListToolbar list={list} placeholder={screen?.search ?? 'Search stock #, customer or company'}>
        {!title && (
          <ExportButton onExport={(format) => stockSummaryApi.exportTracks(list.body, format, screen?.key)} />
        )}
        <PhoneFilters count={Number.POSITIVE_INFINITY} active={Object.keys(filter).length}>
          <CustomerFilters list={list} fixedUserId={userId} fixedAccountId={accountId} />
          {kind === null && (
            <Select<number[]>
              mode="multiple"
              allowClear
              aria-label="Filter by kind"
              placeholder="Kind"
              style={{ minWidth: 160 }}
              maxTagCount="responsive"
              options={KIND_OPTIONS}
              value={numbersOf(filter.trackType)}
              onChange={(value) => list.setFilter('trackType', value)}
            />
          )}
          {kind === 'offer' && (
            <Select<number[]>
              mode="multiple"
              allowClear
              aria-label="Filter by status"
              placeholder="Status"
              style={{ minWidth: 160 }}
              maxTagCount="responsive"
              options={OFFER_STATUS_OPTIONS.map(({ value, label }) => ({ value, label }))}
              value={numbersOf(filter.offerStatus)}
              onChange={(value) => list.setFilter('offerStatus', value)}
            />
          )}
          {kind === 'enquiry' && (
            <Select<string>
              allowClear
              aria-label="Filter by reply"
              placeholder="Reply"
              style={{ width: 190 }}
              options={REPLIED_OPTIONS}
              value={typeof filter.replied === 'boolean' ? String(filter.replied) : undefined}
              onChange={(value) =>
                list.setFilter('replied', value === undefined ? undefined : value === 'true')
              }
            />
          )}
          <DateFilter list={list} name="createdAt" spec={DATE_FILTER} />
          <StoneFilters list={list} />
        </PhoneFilters>
      </ListToolbar>
      <ServerTable list={list} columns={columns} rowKey="id" emptyText={empty} />
      <Suspense>
        {dialog?.kind === 'reply' && <ReplyDialog enquiry={dialog.record} onClose={() => setDialog(null)} />}
        {dialog?.kind === 'counter' && (
          <CounterDialog offer={dialog.record} onClose={() => setDialog(null)} />
        )}
        {dialog?.kind === 'accept' && (
          <ConfirmDialog
            title={`Accept the offer on ${dialog.record.stockNumber}?`}
            detail={acceptDetail(dialog.record)}
            warning={belowListWarning(priceToAccept(dialog.record), dialog.record.currentPricePerCarat)}
            okText="Accept"
            run={decide(dialog.record, 'accept')}
            onClose={() => setDialog(null)}
          />
        )}
        {dialog?.kind === 'reject' && (
          <ConfirmDialog
            title={`Reject the offer on ${dialog.record.stockNumber}?`}
            detail={`${dialog.record.userName} is told the offer is rejected. This cannot be undone.`}
            okText="Reject"
            danger
            run={decide(dialog.record, 'reject')}
            onClose={() => setDialog(null)}
          />
        )}
        {opened && <StoneDrawer stone={opened} onClose={() => setOpened(null)} />}
      </Suspense>
    </>
  );
}

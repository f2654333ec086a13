import PlusOutlined from '@ant-design/icons/es/icons/PlusOutlined';
import {
  BLOCK_LIST_COLUMNS,
  BLOCK_SORT_KEYS,
  type BlockRecord,
  field,
  STONE_BLOCK_KIND_OPTIONS,
  STONE_BLOCK_STATE_OPTIONS,
  STONE_BLOCK_STATES,
  stoneResource,
} from '@facet/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Select, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { lazy, Suspense, useMemo, useState } from 'react';
import { oneLineCells } from '../platform/lists/column-width.ts';
import { EMPTY, formatDateTime } from '../platform/lists/format.ts';
import { PageHeader } from '../platform/lists/page-header.tsx';
import { ROW_ACTIONS_WIDTH, RowActions, type RowMenuItem } from '../platform/lists/row-actions.tsx';
import { ServerTable } from '../platform/lists/server-table.tsx';
import { ExportButton } from '../platform/resources/export-button.tsx';
import { usePermissions } from '../platform/session/use-holder.ts';
import { labelOf, stoneGrades, titleFor } from './activity-format.ts';
import { ActivityToolbar, useActivityList } from './activity-list.tsx';
import { CustomerFilters, DateFilter } from './customer-filters.tsx';
import { OneCustomerRoute } from './one-customer-route.tsx';
import { blockKey, stockSummaryApi, stockSummaryKey } from './stock-summary-api.ts';
import type { StoneRef } from './stone-drawer.tsx';
import { STONE_FILTERS, StoneFilters } from './stone-filters.tsx';

const ExtendDialog = lazy(() =>
  import('./block-dialogs.tsx').then((module) => ({ default: module.ExtendDialog })),
);
const HoldDialog = lazy(() =>
  import('./block-dialogs.tsx').then((module) => ({ default: module.HoldDialog })),
);
const StoneDrawer = lazy(() =>
  import('./stone-drawer.tsx').then((module) => ({ default: module.StoneDrawer })),
);
const ConfirmDialog = lazy(() =>
  import('./confirm-dialog.tsx').then((module) => ({ default: module.ConfirmDialog })),
);

const FILTERS = {
  live: 'boolean',
  kind: 'numbers',
  // Every state (the dashboard's holds of a day) lists ended blocks beside the live ones.
  state: 'numbers',
  userId: 'string',
  accountId: 'string',
  createdAt: 'dateRange',
  // Hours from now (the dashboard's holds ending within 24 hours).
  endsWithin: 'number',
  ...STONE_FILTERS,
} as const;
const DEFAULTS = { sort: { key: 'expiresAt', direction: 'asc' } } as const;
const ENDS_WITHIN_OPTIONS = [
  { value: 24, label: 'Ending within 24 hours' },
  { value: 72, label: 'Ending within 3 days' },
  { value: 168, label: 'Ending within 7 days' },
];

/** The choices of when a block ends, with the address's own number of hours when it is another. */
function endsWithinOptions(hours: unknown) {
  return typeof hours !== 'number' || ENDS_WITHIN_OPTIONS.some((option) => option.value === hours)
    ? ENDS_WITHIN_OPTIONS
    : [...ENDS_WITHIN_OPTIONS, { value: hours, label: `Ending within ${hours} hours` }];
}
const DATE_FILTER = field.date('Created', { filter: 'range' });
const STATE_COLORS: Record<number, string> = {
  [STONE_BLOCK_STATES.requested]: 'gold',
  [STONE_BLOCK_STATES.confirmed]: 'green',
  [STONE_BLOCK_STATES.released]: 'default',
  [STONE_BLOCK_STATES.lapsed]: 'default',
};

type Dialog = { kind: 'confirm' | 'release' | 'extend'; block: BlockRecord } | { kind: 'create' };

const isLive = (block: BlockRecord) =>
  block.state === STONE_BLOCK_STATES.requested || block.state === STONE_BLOCK_STATES.confirmed;

/**
 * Stock Summary → Holds and memos: stones kept for a customer, the live ones by default, soonest to end
 * first; `hold/{userId}` shows one customer's. Staff confirm a customer's request, extend or release.
 */
export function HoldList({ accountId }: { accountId?: string }) {
  const { can } = usePermissions();
  const queryClient = useQueryClient();
  const { list, userId, live, customer } = useActivityList<BlockRecord>({
    accountId,
    queryKey: blockKey,
    fetch: stockSummaryApi.blocks,
    filters: FILTERS,
    sortKeys: BLOCK_SORT_KEYS,
    defaults: DEFAULTS,
  });
  const { filter } = list.params;
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const canUpdate = can('Hold', 'update');
  const canOpenStone = can(stoneResource.module, 'view');
  const [opened, setOpened] = useState<StoneRef | null>(null);

  const columns = useMemo<ColumnsType<BlockRecord>>(() => {
    const itemsOf = (block: BlockRecord): RowMenuItem[] => {
      if (!canUpdate || !isLive(block)) return [];
      return [
        ...(block.state === STONE_BLOCK_STATES.requested
          ? [{ key: 'confirm', label: 'Confirm', onClick: () => setDialog({ kind: 'confirm', block }) }]
          : []),
        { key: 'extend', label: 'Extend', onClick: () => setDialog({ kind: 'extend', block }) },
        {
          key: 'release',
          label: 'Release',
          danger: true,
          onClick: () => setDialog({ kind: 'release', block }),
        },
      ];
    };
    const cells: Record<string, Omit<ColumnsType<BlockRecord>[number], 'key' | 'title'>> = {
      // Kept in view while the row scrolls sideways: the stone the other cells are about.
      stockNumber: {
        fixed: 'start',
        width: 140,
        render: (_, block) =>
          canOpenStone ? (
            <Button
              type="link"
              size="small"
              style={{ paddingInline: 0 }}
              onClick={() => setOpened({ id: block.stoneId, stockNumber: block.stockNumber })}
            >
              {block.stockNumber}
            </Button>
          ) : (
            block.stockNumber
          ),
      },
      stone: { width: 200, render: (_, block) => stoneGrades(block) },
      userName: { width: 190, render: (_, block) => block.userName },
      accountName: { width: 180, render: (_, block) => block.accountName ?? EMPTY },
      kind: { width: 90, render: (_, block) => labelOf(STONE_BLOCK_KIND_OPTIONS, block.kind) },
      state: {
        width: 120,
        render: (_, block) => (
          <Tag color={STATE_COLORS[block.state]}>{labelOf(STONE_BLOCK_STATE_OPTIONS, block.state)}</Tag>
        ),
      },
      expiresAt: { width: 170, render: (_, block) => formatDateTime(block.expiresAt) },
      confirmedBy: {
        width: 200,
        render: (_, block) =>
          block.confirmedByName ? `${block.confirmedByName}, ${formatDateTime(block.confirmedAt)}` : EMPTY,
      },
      ended: {
        width: 200,
        render: (_, block) =>
          block.endedAt
            ? `${block.endedByName ? `${block.endedByName}, ` : ''}${formatDateTime(block.endedAt)}`
            : EMPTY,
      },
      createdAt: { width: 170, render: (_, block) => formatDateTime(block.createdAt) },
    };
    return oneLineCells<BlockRecord>([
      {
        key: 'actions',
        title: 'Actions',
        fixed: 'start',
        width: ROW_ACTIONS_WIDTH,
        render: (_, block) => <RowActions items={itemsOf(block)} />,
      },
      // The declaration's columns and headers, which the export writes too.
      ...BLOCK_LIST_COLUMNS.map(({ key, spec }) => ({ key, title: spec.label, ...cells[key] })),
    ]);
  }, [canUpdate, canOpenStone]);

  const update = (block: BlockRecord, action: 'confirm' | 'release') => () =>
    stockSummaryApi.updateBlock(block.id, action).then((envelope) => {
      void queryClient.invalidateQueries({ queryKey: stockSummaryKey });
      return envelope;
    });

  return (
    <Card>
      <PageHeader
        title={titleFor('Holds and memos', customer)}
        extra={
          <>
            <ExportButton onExport={(format) => stockSummaryApi.exportBlocks(list.body, format)} />
            {can('Hold', 'insert') && (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ kind: 'create' })}>
                Hold a stone
              </Button>
            )}
          </>
        }
      />
      <ActivityToolbar list={list} placeholder="Search stock #, customer or company" ended="Ended">
        <Select<number[]>
          mode="multiple"
          allowClear
          aria-label="Filter by kind"
          placeholder="Hold or memo"
          style={{ minWidth: 150 }}
          options={STONE_BLOCK_KIND_OPTIONS.map(({ value, label }) => ({ value, label }))}
          value={Array.isArray(filter.kind) ? filter.kind.map(Number) : []}
          onChange={(value) => list.setFilter('kind', value)}
        />
        <Select<number>
          allowClear
          aria-label="Filter by end"
          placeholder="Ending"
          style={{ width: 200 }}
          options={endsWithinOptions(filter.endsWithin)}
          value={typeof filter.endsWithin === 'number' ? filter.endsWithin : undefined}
          onChange={(value) => list.setFilter('endsWithin', value)}
        />
        <CustomerFilters list={list} fixedUserId={userId} fixedAccountId={accountId} />
        <DateFilter list={list} name="createdAt" spec={DATE_FILTER} />
        <StoneFilters list={list} />
      </ActivityToolbar>
      <ServerTable
        list={list}
        columns={columns}
        rowKey="id"
        emptyText={live ? 'No stones held now' : 'No ended holds or memos'}
      />
      <Suspense>
        {dialog?.kind === 'create' && <HoldDialog userId={userId} onClose={() => setDialog(null)} />}
        {dialog?.kind === 'extend' && <ExtendDialog block={dialog.block} onClose={() => setDialog(null)} />}
        {dialog?.kind === 'confirm' && (
          <ConfirmDialog
            title={`Confirm the hold of ${dialog.block.stockNumber}?`}
            detail={`The stone stays held for ${dialog.block.userName} until ${formatDateTime(dialog.block.expiresAt)}.`}
            okText="Confirm"
            run={update(dialog.block, 'confirm')}
            onClose={() => setDialog(null)}
          />
        )}
        {dialog?.kind === 'release' && (
          <ConfirmDialog
            title={`Release ${dialog.block.stockNumber}?`}
            detail={`The stone is no longer kept for ${dialog.block.userName} and is available again.`}
            okText="Release"
            danger
            run={update(dialog.block, 'release')}
            onClose={() => setDialog(null)}
          />
        )}
        {opened && <StoneDrawer stone={opened} onClose={() => setOpened(null)} />}
      </Suspense>
    </Card>
  );
}

export function HoldPage() {
  return (
    <OneCustomerRoute list="hold">
      <HoldList />
    </OneCustomerRoute>
  );
}

import { DEMAND_LIST_COLUMNS, DEMAND_SORT_KEYS, type DemandRecord, field } from '@facet/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Row, Select, Statistic, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { lazy, Suspense, useMemo, useState } from 'react';
import { oneLineCells } from '../platform/lists/column-width.ts';
import { EMPTY, formatDateTime, formatNumber } from '../platform/lists/format.ts';
import { PageHeader } from '../platform/lists/page-header.tsx';
import { ROW_ACTIONS_WIDTH, RowActions } from '../platform/lists/row-actions.tsx';
import { ServerTable } from '../platform/lists/server-table.tsx';
import { ExportButton } from '../platform/resources/export-button.tsx';
import { matchesText, titleFor } from './activity-format.ts';
import { ActivityToolbar, useActivityList } from './activity-list.tsx';
import { CustomerFilters, DateFilter } from './customer-filters.tsx';
import { OneCustomerRoute } from './one-customer-route.tsx';
import { demandKey, demandSummaryKey, stockSummaryApi } from './stock-summary-api.ts';

const DemandStonesDrawer = lazy(() =>
  import('./demand-stones-drawer.tsx').then((module) => ({ default: module.DemandStonesDrawer })),
);

const FILTERS = {
  live: 'boolean',
  matched: 'boolean',
  userId: 'string',
  accountId: 'string',
  expiresAt: 'dateRange',
} as const;
const MATCHED_OPTIONS = [
  { value: 'true', label: 'Matched by stock now' },
  { value: 'false', label: 'Matched by no stone' },
];
const DEFAULTS = { sort: { key: 'createdAt', direction: 'desc' } } as const;
const EXPIRES_FILTER = field.date('Expires', { filter: 'range' });

const SUMMARY = [
  { key: 'live', title: 'Live demands' },
  { key: 'expiringThisWeek', title: 'Expiring this week' },
  { key: 'expired', title: 'Expired' },
  { key: 'customers', title: 'Customers with demands' },
  { key: 'matched', title: 'Matched by stock now' },
] as const;

/** The demand book at a glance, above the list. */
function DemandSummary() {
  const summary = useQuery({ queryKey: demandSummaryKey, queryFn: stockSummaryApi.demandSummary });
  return (
    <Row gutter={[12, 12]} style={{ marginBottom: 16 }}>
      {SUMMARY.map((item) => (
        <Col key={item.key} xs={12} sm={8} lg={4}>
          <Card size="small">
            <Statistic
              title={item.title}
              loading={summary.isPending}
              value={summary.data ? formatNumber(summary.data[item.key], 0) : EMPTY}
            />
          </Card>
        </Col>
      ))}
    </Row>
  );
}

/**
 * Stock Summary → Demands: the stones customers asked to be told about (saved stone criteria with an
 * expiry), live ones by default, with how many stones of the stock match each now;
 * `demand/{userId}` shows one customer's. A demand opens on the stones it matches.
 */
export function DemandList({ accountId }: { accountId?: string }) {
  const { list, userId, live, customer } = useActivityList<DemandRecord>({
    accountId,
    queryKey: demandKey,
    fetch: stockSummaryApi.demands,
    filters: FILTERS,
    sortKeys: DEMAND_SORT_KEYS,
    defaults: DEFAULTS,
  });
  const [opened, setOpened] = useState<DemandRecord | null>(null);
  const columns = useMemo<ColumnsType<DemandRecord>>(() => {
    const cells: Record<string, Omit<ColumnsType<DemandRecord>[number], 'key' | 'title'>> = {
      // Kept in view while the row scrolls sideways.
      name: {
        fixed: 'start',
        width: 200,
        render: (_, demand) => (
          <Button type="link" size="small" style={{ paddingInline: 0 }} onClick={() => setOpened(demand)}>
            {demand.name}
          </Button>
        ),
      },
      userName: { width: 190, render: (_, demand) => demand.userName },
      accountName: { width: 180, render: (_, demand) => demand.accountName ?? EMPTY },
      criteria: {
        width: 320,
        render: (_, demand) => <span title={demand.criteria}>{demand.criteria || EMPTY}</span>,
      },
      matches: { width: 140, align: 'end', render: (_, demand) => matchesText(demand.matches) },
      expiresAt: {
        width: 190,
        render: (_, demand) => (
          <span>
            {formatDateTime(demand.expiresAt)}
            {!demand.live && (
              <Tag style={{ marginInlineStart: 6 }} color="default">
                Expired
              </Tag>
            )}
          </span>
        ),
      },
      lastNotifiedAt: { width: 170, render: (_, demand) => formatDateTime(demand.lastNotifiedAt) },
      createdAt: { width: 170, render: (_, demand) => formatDateTime(demand.createdAt) },
    };
    return oneLineCells<DemandRecord>([
      {
        key: 'actions',
        title: 'Actions',
        fixed: 'start',
        width: ROW_ACTIONS_WIDTH,
        render: (_, demand) => (
          <RowActions
            items={[{ key: 'stones', label: 'Matching stones', onClick: () => setOpened(demand) }]}
          />
        ),
      },
      // The declaration's columns and headers, which the export writes too.
      ...DEMAND_LIST_COLUMNS.map(({ key, spec }) => ({ key, title: spec.label, ...cells[key] })),
    ]);
  }, []);

  return (
    <Card>
      <PageHeader
        title={titleFor('Demands', customer)}
        extra={<ExportButton onExport={(format) => stockSummaryApi.exportDemands(list.body, format)} />}
      />
      {!userId && !accountId && <DemandSummary />}
      <ActivityToolbar list={list} placeholder="Search name, customer or company" ended="Expired">
        <Select<string>
          allowClear
          aria-label="Filter by matches"
          placeholder="Matches"
          style={{ width: 200 }}
          options={MATCHED_OPTIONS}
          value={
            typeof list.params.filter.matched === 'boolean' ? String(list.params.filter.matched) : undefined
          }
          onChange={(value) => list.setFilter('matched', value === undefined ? undefined : value === 'true')}
        />
        <CustomerFilters list={list} fixedUserId={userId} fixedAccountId={accountId} />
        <DateFilter list={list} name="expiresAt" spec={EXPIRES_FILTER} />
      </ActivityToolbar>
      <ServerTable
        list={list}
        columns={columns}
        rowKey="id"
        emptyText={live ? 'No demands yet' : 'No expired demands'}
      />
      <Suspense>{opened && <DemandStonesDrawer demand={opened} onClose={() => setOpened(null)} />}</Suspense>
    </Card>
  );
}

export function DemandPage() {
  return (
    <OneCustomerRoute list="demand">
      <DemandList />
    </OneCustomerRoute>
  );
}

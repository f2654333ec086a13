import { DEMAND_SORT_KEYS, type DemandRecord, field, USER_REFERENCE } from '@facet/contract';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Row, Segmented, Statistic, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo } from 'react';
import { useParams } from 'react-router';
import { oneLineCells } from '../platform/lists/column-width.ts';
import { EMPTY, formatDateTime, formatNumber } from '../platform/lists/format.ts';
import { ListToolbar } from '../platform/lists/list-toolbar.tsx';
import { PageHeader } from '../platform/lists/page-header.tsx';
import { PhoneFilters } from '../platform/lists/phone-filters.tsx';
import { ServerTable } from '../platform/lists/server-table.tsx';
import { usePaginatedList } from '../platform/lists/use-paginated-list.ts';
import { useReferenceTitle } from '../platform/resources/reference-select.tsx';
import { usePermissions } from '../platform/session/use-holder.ts';
import { matchesText, titleFor } from './activity-format.ts';
import { CustomerFilters, DateFilter } from './customer-filters.tsx';
import { demandKey, demandSummaryKey, stockSummaryApi } from './stock-summary-api.ts';

const FILTERS = { live: 'boolean', userId: 'string', accountId: 'string', expiresAt: 'dateRange' } as const;
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
 * `demand/{userId}` shows one customer's.
 */
export function DemandPage() {
  const { id: userId } = useParams();
  const { can } = usePermissions();
  const fixedFilter = useMemo(() => (userId ? { userId } : undefined), [userId]);
  const list = usePaginatedList<DemandRecord>({
    queryKey: [...demandKey, userId ?? 'all'],
    fetch: stockSummaryApi.demands,
    filters: FILTERS,
    sortKeys: DEMAND_SORT_KEYS,
    defaults: DEFAULTS,
    fixedFilter,
  });
  const { filter } = list.params;
  const live = filter.live !== false;
  const named = useReferenceTitle(USER_REFERENCE, userId && can('User', 'view') ? userId : null);

  const columns = useMemo<ColumnsType<DemandRecord>>(
    () =>
      oneLineCells<DemandRecord>([
        { key: 'name', title: 'Name', dataIndex: 'name', width: 200 },
        { key: 'userName', title: 'Customer', dataIndex: 'userName', width: 190 },
        { key: 'account', title: 'Company', width: 180, render: (_, demand) => demand.accountName ?? EMPTY },
        {
          key: 'criteria',
          title: 'Stone criteria',
          width: 320,
          render: (_, demand) => <span title={demand.criteria}>{demand.criteria || EMPTY}</span>,
        },
        {
          key: 'matches',
          title: 'Matches now',
          width: 140,
          align: 'end',
          render: (_, demand) => matchesText(demand.matches),
        },
        {
          key: 'expiresAt',
          title: 'Expires',
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
        {
          key: 'lastNotifiedAt',
          title: 'Last told',
          width: 170,
          render: (_, demand) => formatDateTime(demand.lastNotifiedAt),
        },
        {
          key: 'createdAt',
          title: 'Created',
          width: 170,
          render: (_, demand) => formatDateTime(demand.createdAt),
        },
      ]),
    [],
  );
  const customer = userId ? (list.rows[0]?.userName ?? named) : undefined;

  return (
    <Card>
      <PageHeader title={titleFor('Demands', customer)} />
      {!userId && <DemandSummary />}
      <ListToolbar list={list} placeholder="Search name, customer or company">
        <Segmented<'live' | 'expired'>
          aria-label="Live or expired"
          options={[
            { value: 'live', label: 'Live' },
            { value: 'expired', label: 'Expired' },
          ]}
          value={live ? 'live' : 'expired'}
          onChange={(value) => list.setFilter('live', value === 'live' ? undefined : false)}
        />
        <PhoneFilters count={Number.POSITIVE_INFINITY} active={Object.keys(filter).length}>
          <CustomerFilters list={list} fixedUserId={userId} />
          <DateFilter list={list} name="expiresAt" spec={EXPIRES_FILTER} />
        </PhoneFilters>
      </ListToolbar>
      <ServerTable
        list={list}
        columns={columns}
        rowKey="id"
        emptyText={live ? 'No demands yet' : 'No expired demands'}
      />
    </Card>
  );
}

import {
  field,
  SEARCH_HISTORY_SORT_KEYS,
  SEARCH_TYPE_OPTIONS,
  type SearchHistoryEntry,
} from '@facet/contract';
import { Button, Card, Flex, Select, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { lazy, Suspense, useMemo } from 'react';
import { call } from '../platform/api/api-client.ts';
import { EMPTY, formatDateTime } from '../platform/lists/format.ts';
import type { PaginateBody } from '../platform/lists/list-params.ts';
import { ListToolbar } from '../platform/lists/list-toolbar.tsx';
import { PageHeader } from '../platform/lists/page-header.tsx';
import { ServerTable } from '../platform/lists/server-table.tsx';
import { usePaginatedList } from '../platform/lists/use-paginated-list.ts';
import { SEARCH_HISTORY_REFS } from './search-history-refs.ts';

// DatePicker and dayjs load only when the list shows.
const DateRangeFilter = lazy(() =>
  import('../platform/resources/date-range-filter.tsx').then((module) => ({
    default: module.DateRangeFilter,
  })),
);

const FILTERS = { userId: 'string', searchType: 'numbers', createdAt: 'dateRange' } as const;
const DEFAULTS = { sort: { key: 'createdAt', direction: 'desc' } } as const;
const DATE_FILTER = field.date('Date', { filter: 'range' });

const fetchHistory = (body: PaginateBody) =>
  call(SEARCH_HISTORY_REFS.paginate, body).then((envelope) => envelope.data);

const typeLabel = (type: number) =>
  SEARCH_TYPE_OPTIONS.find((option) => option.value === type)?.label ?? String(type);

/**
 * Report → Search History: every stone search, newest first: who searched, what they asked (the
 * filter in words, the body as sent on demand), how many stones it found and how long it took.
 */
export function SearchHistoryPage() {
  const list = usePaginatedList({
    queryKey: ['search-history'],
    fetch: fetchHistory,
    filters: FILTERS,
    sortKeys: SEARCH_HISTORY_SORT_KEYS,
    defaults: DEFAULTS,
  });
  const { filter } = list.params;

  const columns = useMemo<ColumnsType<SearchHistoryEntry>>(
    () => [
      {
        key: 'createdAt',
        title: 'Date',
        width: 200,
        render: (_, entry) => formatDateTime(entry.createdAt),
      },
      {
        key: 'user',
        title: 'User',
        width: 200,
        render: (_, entry) =>
          entry.userId ? (
            <Flex vertical align="start">
              <Button
                type="link"
                size="small"
                style={{ padding: 0 }}
                title="Only this user's searches"
                onClick={() => list.setFilter('userId', entry.userId ?? undefined)}
              >
                {entry.userName ?? entry.userId}
              </Button>
              <Typography.Text type="secondary">{entry.username}</Typography.Text>
            </Flex>
          ) : (
            EMPTY
          ),
      },
      { key: 'searchType', title: 'Type', width: 110, render: (_, entry) => typeLabel(entry.searchType) },
      {
        key: 'criteria',
        title: 'Search',
        width: 360,
        render: (_, entry) =>
          entry.criteria.length ? (
            <Flex wrap gap={4}>
              {entry.criteria.map((criterion) => (
                <Tag key={criterion.field} style={{ whiteSpace: 'normal' }}>
                  {criterion.label}: {criterion.value}
                </Tag>
              ))}
            </Flex>
          ) : (
            <Typography.Text type="secondary">All stones</Typography.Text>
          ),
      },
      { key: 'resultCount', title: 'Stones found', dataIndex: 'resultCount', align: 'right', width: 130 },
      {
        key: 'durationMs',
        title: 'Took',
        align: 'right',
        width: 100,
        render: (_, entry) => `${entry.durationMs} ms`,
      },
    ],
    [list.setFilter],
  );
  const filteredUser =
    typeof filter.userId === 'string' ? list.rows.find((row) => row.userId === filter.userId) : undefined;

  return (
    <Card>
      <PageHeader title="Search history" />
      <ListToolbar list={list} placeholder="Search by user name">
        <Select
          mode="multiple"
          allowClear
          aria-label="Filter by search type"
          placeholder="Type"
          style={{ minWidth: 160 }}
          options={SEARCH_TYPE_OPTIONS.map((option) => ({ value: option.value, label: option.label }))}
          value={(filter.searchType as number[] | undefined) ?? []}
          onChange={(value: number[]) => list.setFilter('searchType', value)}
        />
        <Suspense>
          <DateRangeFilter
            name="createdAt"
            spec={DATE_FILTER}
            value={filter.createdAt}
            onChange={(value) => list.setFilter('createdAt', value)}
          />
        </Suspense>
        {typeof filter.userId === 'string' && (
          <Tag closable onClose={() => list.setFilter('userId', undefined)}>
            User: {filteredUser?.userName ?? filter.userId}
          </Tag>
        )}
      </ListToolbar>
      <ServerTable
        list={list}
        columns={columns}
        rowKey="id"
        emptyText="No searches recorded"
        tableProps={{
          expandable: {
            expandedRowRender: (entry) => (
              <Typography.Paragraph copyable style={{ marginBottom: 0 }}>
                <code style={{ whiteSpace: 'pre-wrap' }}>{JSON.stringify(entry.body, null, 2)}</code>
              </Typography.Paragraph>
            ),
          },
        }}
      />
    </Card>
  );
}

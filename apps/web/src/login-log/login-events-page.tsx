import { field, LOGIN_RESULT_LABELS, type LoginLogEntry, type LoginResult } from '@facet/contract';
import { Card, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { lazy, Suspense, useMemo } from 'react';
import { Link } from 'react-router';
import { call } from '../platform/api/api-client.ts';
import { panelPath } from '../platform/app/paths.ts';
import { EMPTY, formatDateTime } from '../platform/lists/format.ts';
import { isRangeValue, type PaginateBody } from '../platform/lists/list-params.ts';
import { ListToolbar } from '../platform/lists/list-toolbar.tsx';
import { PageHeader } from '../platform/lists/page-header.tsx';
import { ServerTable } from '../platform/lists/server-table.tsx';
import { usePaginatedList } from '../platform/lists/use-paginated-list.ts';
import { FieldFilter } from '../platform/resources/resource-filters.tsx';
import { LOGIN_LOG_REFS } from './login-log-refs.ts';

// DatePicker and dayjs load only when the list shows.
const DateRangeFilter = lazy(() =>
  import('../platform/resources/date-range-filter.tsx').then((module) => ({
    default: module.DateRangeFilter,
  })),
);

const FILTERS = { result: 'string', userId: 'string', createdAt: 'dateRange' } as const;
const SORT_KEYS = ['createdAt', 'username', 'result'] as const;
const DEFAULTS = { sort: { key: 'createdAt', direction: 'desc' } } as const;
const RESULT_FILTER = field.enum(
  'Result',
  (Object.keys(LOGIN_RESULT_LABELS) as LoginResult[]).map((result) => ({
    value: result,
    label: LOGIN_RESULT_LABELS[result],
  })),
);
const USER_FILTER = field.user('User');
const DATE_FILTER = field.date('Date', { filter: 'range' });

const nextDay = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** The list's date range as the endpoint's bounds: from the first day's start to the last day's end. */
function fetchEvents(body: PaginateBody) {
  const { createdAt, ...filter } = body.filter ?? {};
  const range =
    createdAt !== undefined && isRangeValue(createdAt as never)
      ? (createdAt as { from?: string; to?: string })
      : {};
  const bounded = {
    ...filter,
    ...(range.from ? { from: range.from } : {}),
    ...(range.to ? { to: nextDay(range.to) } : {}),
  };
  return call(LOGIN_LOG_REFS.paginate, {
    ...body,
    filter: Object.keys(bounded).length > 0 ? bounded : undefined,
  } as never).then((envelope) => envelope.data);
}

/** Report → Login → Sign-in events: each attempt, newest first, with its address and device. */
export function LoginEventsPage() {
  const list = usePaginatedList<LoginLogEntry>({
    queryKey: ['login-events'],
    fetch: fetchEvents,
    filters: FILTERS,
    sortKeys: SORT_KEYS,
    defaults: DEFAULTS,
  });
  const { filter } = list.params;

  const columns = useMemo<ColumnsType<LoginLogEntry>>(
    () => [
      { key: 'createdAt', title: 'Date', width: 190, render: (_, entry) => formatDateTime(entry.createdAt) },
      { key: 'username', title: 'Login', dataIndex: 'username', width: 220 },
      { key: 'result', title: 'Result', width: 200, render: (_, entry) => LOGIN_RESULT_LABELS[entry.result] },
      { key: 'ip', title: 'Address', dataIndex: 'ip', width: 150 },
      {
        key: 'device',
        title: 'Device',
        width: 220,
        render: (_, entry) => (
          <Tooltip title={entry.userAgent || undefined}>
            <span>{entry.device ?? (entry.userAgent || EMPTY)}</span>
          </Tooltip>
        ),
      },
    ],
    [],
  );

  return (
    <Card>
      <PageHeader
        title="Sign-in events"
        extra={<Link to={panelPath('report')}>Back to the login report</Link>}
      />
      <ListToolbar list={list} placeholder="Search by login or address">
        <FieldFilter
          name="result"
          spec={RESULT_FILTER}
          value={filter.result}
          onChange={(value) => list.setFilter('result', value)}
        />
        <FieldFilter
          name="userId"
          spec={USER_FILTER}
          value={filter.userId}
          onChange={(value) => list.setFilter('userId', value)}
        />
        <Suspense>
          <DateRangeFilter
            name="createdAt"
            spec={DATE_FILTER}
            value={filter.createdAt}
            onChange={(value) => list.setFilter('createdAt', value)}
          />
        </Suspense>
      </ListToolbar>
      <ServerTable list={list} columns={columns} rowKey="id" emptyText="No sign-in events" />
    </Card>
  );
}

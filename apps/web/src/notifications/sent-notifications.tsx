import { NOTIFICATION_ACTIONS, type SentNotification } from '@facet/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Input, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { EMPTY, formatDateTime, formatNumber } from '../platform/lists/format.ts';
import { serverPages } from '../platform/lists/server-pages.ts';
import { notificationApi, sentNotificationsKey } from './notification-api.ts';

const PAGE_SIZE = 10;
const ACTION_LABELS = new Map<string, string>(
  NOTIFICATION_ACTIONS.map((action) => [action.value, action.label]),
);

const COLUMNS: ColumnsType<SentNotification> = [
  {
    title: 'Sent',
    dataIndex: 'createdAt',
    width: 170,
    render: (value: string) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(value)}</span>,
  },
  {
    title: 'Notification',
    key: 'notification',
    ellipsis: true,
    render: (_, entry) => (
      <>
        <Typography.Text strong>{entry.title}</Typography.Text>
        <br />
        <Typography.Text type="secondary" ellipsis={{ tooltip: entry.message }}>
          {entry.message}
        </Typography.Text>
      </>
    ),
  },
  {
    title: 'Action',
    dataIndex: 'action',
    width: 150,
    render: (value: string | null) => (value ? (ACTION_LABELS.get(value) ?? value) : EMPTY),
  },
  {
    title: 'Recipients',
    dataIndex: 'recipients',
    width: 110,
    align: 'right',
    render: (value: number, entry) => (
      <>
        {formatNumber(value)}
        {entry.emailed && (
          <Tag style={{ marginInlineStart: 6, marginInlineEnd: 0 }} color="blue">
            E-mailed
          </Tag>
        )}
      </>
    ),
  },
  {
    title: 'Read',
    dataIndex: 'read',
    width: 80,
    align: 'right',
    render: (value: number) => formatNumber(value),
  },
  {
    title: 'Sent by',
    dataIndex: 'sentByName',
    width: 160,
    ellipsis: true,
    render: (value) => value ?? EMPTY,
  },
];

/** The history of sends beside the send form: newest first, searchable by title and message. */
export function SentNotifications() {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const sent = useQuery({
    queryKey: [...sentNotificationsKey, page, search],
    queryFn: () => notificationApi.sent({ page, limit: PAGE_SIZE, ...(search ? { search } : {}) }),
    placeholderData: keepPreviousData,
  });
  return (
    <Card
      title="Sent notifications"
      style={{ marginTop: 16 }}
      extra={
        <Input.Search
          allowClear
          aria-label="Search sent notifications"
          placeholder="Search title or message"
          style={{ width: 240 }}
          onSearch={(value) => {
            setSearch(value.trim());
            setPage(1);
          }}
        />
      }
    >
      <Table<SentNotification>
        rowKey="batchId"
        size="small"
        columns={COLUMNS}
        dataSource={sent.data?.list ?? []}
        loading={sent.isFetching}
        locale={{ emptyText: search ? 'No sent notification matches.' : 'No notification sent yet.' }}
        pagination={serverPages(page, PAGE_SIZE, sent.data?.count, setPage)}
        scroll={{ x: 800 }}
      />
    </Card>
  );
}

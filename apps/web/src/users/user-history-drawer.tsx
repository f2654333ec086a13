import type { AuditEntry, UserRecord } from '@facet/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Drawer, Empty, Flex, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { auditApi } from '../api/user-admin-api.ts';
import { formatDateTime } from '../lists/format.ts';
import { changedFields } from './audit-changes.ts';

const PAGE_SIZE = 10;

function Changes({ entry }: { entry: AuditEntry }) {
  const changes = changedFields(entry.before, entry.after);
  if (changes.length === 0) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <Flex vertical gap={2}>
      {changes.map((change) => (
        <span key={change.field}>
          <Typography.Text strong>{change.field}</Typography.Text>: {change.before} → {change.after}
        </span>
      ))}
    </Flex>
  );
}

const columns: ColumnsType<AuditEntry> = [
  { title: 'When', dataIndex: 'createdAt', width: 150, render: (value: string) => formatDateTime(value) },
  { title: 'Who', dataIndex: 'actorName', width: 120, render: (value: string | null) => value ?? 'System' },
  { title: 'Action', dataIndex: 'action', width: 150, render: (value: string) => <Tag>{value}</Tag> },
  { title: 'Changes', key: 'changes', render: (_, entry) => <Changes entry={entry} /> },
];

/** Super admins only: the audit trail of one user, newest first. */
export function UserHistoryDrawer({ user, onClose }: { user: UserRecord | null; onClose: () => void }) {
  const [page, setPage] = useState(1);
  const history = useQuery({
    queryKey: ['audit', 'user', user?.id, page],
    queryFn: () =>
      auditApi.paginate({
        page,
        limit: PAGE_SIZE,
        filter: { entityType: 'user', entityId: user?.id },
        sort: { createdAt: 'desc' },
      }),
    enabled: user !== null,
    placeholderData: keepPreviousData,
  });

  return (
    <Drawer
      title={`History${user ? ` — ${user.name}` : ''}`}
      open={user !== null}
      onClose={() => {
        setPage(1);
        onClose();
      }}
      size={760}
      destroyOnHidden
    >
      <Table<AuditEntry>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={history.data?.list ?? []}
        loading={history.isFetching}
        locale={{
          emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No changes recorded" />,
        }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: history.data?.count ?? 0,
          onChange: setPage,
          hideOnSinglePage: true,
        }}
      />
    </Drawer>
  );
}

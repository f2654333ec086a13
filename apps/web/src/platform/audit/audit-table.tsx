import type { AuditEntry } from '@facet/contract';
import { Empty, Flex, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo } from 'react';
import { formatDateTime } from '../lists/format.ts';
import { changedFields } from './audit-changes.ts';

/** A field key as the screen names it (a resource's field label); the key itself by default. */
export type FieldLabeler = (field: string) => string;

const asIs: FieldLabeler = (field) => field;

function Changes({ entry, labelOf }: { entry: AuditEntry; labelOf: FieldLabeler }) {
  const changes = changedFields(entry.before, entry.after);
  if (changes.length === 0) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <Flex vertical gap={2}>
      {changes.map((change) => (
        <span key={change.field}>
          <Typography.Text strong>{labelOf(change.field)}</Typography.Text>: {change.before} → {change.after}
        </span>
      ))}
    </Flex>
  );
}

interface AuditTableProps {
  entries: readonly AuditEntry[];
  loading: boolean;
  labelOf?: FieldLabeler;
  formatDate?: (iso: string) => string;
  /** Server paging; without it the table pages the entries itself. */
  pagination?: { current: number; pageSize: number; total: number; onChange: (page: number) => void };
}

/** The audit trail of one record, newest first: when, who, action, and each changed field before → after. */
export function AuditTable({
  entries,
  loading,
  labelOf = asIs,
  formatDate = formatDateTime,
  pagination,
}: AuditTableProps) {
  const columns = useMemo<ColumnsType<AuditEntry>>(
    () => [
      { title: 'When', dataIndex: 'createdAt', width: 170, render: (value: string) => formatDate(value) },
      {
        title: 'Who',
        dataIndex: 'actorName',
        width: 120,
        render: (value: string | null) => value ?? 'System',
      },
      { title: 'Action', dataIndex: 'action', width: 150, render: (value: string) => <Tag>{value}</Tag> },
      { title: 'Changes', key: 'changes', render: (_, entry) => <Changes entry={entry} labelOf={labelOf} /> },
    ],
    [labelOf, formatDate],
  );
  return (
    <Table<AuditEntry>
      rowKey="id"
      size="small"
      columns={columns}
      dataSource={entries as AuditEntry[]}
      loading={loading}
      locale={{
        emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No changes recorded" />,
      }}
      pagination={
        pagination ? { ...pagination, hideOnSinglePage: true } : { pageSize: 10, hideOnSinglePage: true }
      }
    />
  );
}

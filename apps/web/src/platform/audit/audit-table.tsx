import type { AuditEntry } from '@facet/contract';
import { Empty, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo } from 'react';
import { type ReadableEntry, readAuditEntry } from './audit-model.ts';
import './audit-table.css';

/** When, who and what at their widths, and room for the details to read. */
const AUDIT_TABLE_MIN_WIDTH = 640;

function Line({ text, strong = false, wrap = false }: { text: string; strong?: boolean; wrap?: boolean }) {
  return (
    <span className={wrap ? 'audit-line audit-summary' : 'audit-line'} title={text}>
      {strong ? <Typography.Text strong>{text}</Typography.Text> : text}
    </span>
  );
}

function Details({ entry }: { entry: ReadableEntry }) {
  if (entry.summary) return <Line text={entry.summary} wrap />;
  if (entry.changes.length === 0) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <>
      {entry.changes.map((change) => (
        <Line key={change.field} text={`${change.label}: ${change.before} → ${change.after}`} wrap />
      ))}
    </>
  );
}

interface AuditTableProps {
  entries: readonly AuditEntry[];
  loading: boolean;
  /**
   * Name each entry's record beside its action: where one trail holds several records (a company and
   * its KYC documents, the audit of a user).
   */
  showSubject?: boolean;
  /** Server paging; without it the table pages the entries itself. */
  pagination?: { current: number; pageSize: number; total: number; onChange: (page: number) => void };
}

/**
 * A trail, newest first, as people read it: when, who, what happened, and what changed, with names
 * instead of ids and labels instead of codes. Every history of the panel shows it this way.
 */
export function AuditTable({ entries, loading, showSubject = false, pagination }: AuditTableProps) {
  const rows = useMemo(() => entries.map((entry) => readAuditEntry(entry)), [entries]);
  const columns = useMemo<ColumnsType<ReadableEntry>>(
    () => [
      {
        title: 'When',
        dataIndex: 'when',
        width: 140,
        render: (value: string) => <span className="audit-when">{value}</span>,
      },
      { title: 'Who', dataIndex: 'who', width: 120, ellipsis: { showTitle: true } },
      {
        title: 'What',
        key: 'action',
        width: 190,
        render: (_, entry) => (
          <>
            <Line text={entry.action} strong wrap />
            {showSubject && entry.subject && <Line text={entry.subject} />}
          </>
        ),
      },
      { title: 'Details', key: 'details', render: (_, entry) => <Details entry={entry} /> },
    ],
    [showSubject],
  );
  return (
    <Table<ReadableEntry>
      className="audit-table"
      rowKey="id"
      size="small"
      tableLayout="fixed"
      // On a phone the trail scrolls inside its frame rather than widen the page.
      scroll={{ x: AUDIT_TABLE_MIN_WIDTH }}
      columns={columns}
      dataSource={rows}
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

import {
  isStockUploadFinished,
  STOCK_UPLOAD_MODE_LABELS,
  STOCK_UPLOAD_STATE_LABELS,
  type StockUploadJob,
  type StockUploadState,
} from '@facet/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { formatDateTime, formatNumber } from '../platform/lists/format.ts';
import { serverPages } from '../platform/lists/server-pages.ts';
import { stockUploadApi, stockUploadsKey } from './stock-upload-api.ts';

/** While a job runs, the list is read again this often: progress moves every few thousand rows. */
export const POLL_MS = 1000;
const PAGE_SIZE = 10;

const STATE_COLORS: Record<StockUploadState, string> = {
  queued: 'default',
  reading: 'processing',
  applying: 'processing',
  completed: 'success',
  refused: 'warning',
  failed: 'error',
};

export function StateTag({ state }: { state: StockUploadState }) {
  return <Tag color={STATE_COLORS[state]}>{STOCK_UPLOAD_STATE_LABELS[state]}</Tag>;
}

/** Read, accepted, updated and rejected so far: what a running job has got to. */
export function progressText(job: StockUploadJob): string {
  return `${formatNumber(job.rowsRead, 0)} read · ${formatNumber(job.accepted, 0)} accepted · ${formatNumber(job.updated, 0)} updated · ${formatNumber(job.rejected, 0)} rejected`;
}

/** Every upload, newest first, refreshed while any of them is still running. */
export function UploadJobsTable({
  selectedId,
  onSelect,
}: {
  selectedId: string | null;
  onSelect: (job: StockUploadJob) => void;
}) {
  const [page, setPage] = useState(1);
  const jobs = useQuery({
    queryKey: [...stockUploadsKey, 'list', page],
    queryFn: () => stockUploadApi.paginate(page, PAGE_SIZE),
    refetchInterval: (query) =>
      query.state.data?.list.some((job) => !isStockUploadFinished(job.state)) ? POLL_MS : false,
  });
  const columns: ColumnsType<StockUploadJob> = [
    { title: 'File', key: 'fileName', dataIndex: 'fileName', ellipsis: true },
    { title: 'Mode', key: 'mode', width: 130, render: (_, job) => STOCK_UPLOAD_MODE_LABELS[job.mode] },
    { title: 'State', key: 'state', width: 140, render: (_, job) => <StateTag state={job.state} /> },
    { title: 'Progress', key: 'progress', render: (_, job) => progressText(job) },
    {
      title: 'By',
      key: 'createdByName',
      dataIndex: 'createdByName',
      width: 140,
      render: (name) => name ?? '—',
    },
    { title: 'Uploaded', key: 'createdAt', dataIndex: 'createdAt', width: 170, render: formatDateTime },
    {
      title: 'Report',
      key: 'report',
      width: 100,
      render: (_, job) => (
        <Button
          type="link"
          size="small"
          onClick={() => onSelect(job)}
          aria-label={`Report of ${job.fileName}`}
        >
          {job.id === selectedId ? 'Shown' : 'Show'}
        </Button>
      ),
    },
  ];
  return (
    <Card title="Uploads" size="small">
      <Table<StockUploadJob>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={jobs.data?.list ?? []}
        loading={jobs.isLoading}
        rowClassName={(job) => (job.id === selectedId ? 'ant-table-row-selected' : '')}
        pagination={serverPages(page, PAGE_SIZE, jobs.data?.count, setPage)}
        scroll={{ x: 900 }}
      />
    </Card>
  );
}

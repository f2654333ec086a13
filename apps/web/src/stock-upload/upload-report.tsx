import DownloadOutlined from '@ant-design/icons/es/icons/DownloadOutlined';
import {
  isStockUploadFinished,
  STOCK_UPLOAD_MODE_LABELS,
  STOCK_UPLOAD_OUTCOME_LABELS,
  STOCK_UPLOAD_OUTCOMES,
  type StockUploadJob,
  type StockUploadOutcome,
  type StockUploadRowReport,
} from '@facet/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Flex, Segmented, Spin, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { serverPages } from '../platform/lists/server-pages.ts';
import { type StockUploadChoice, stockUploadApi, stockUploadsKey } from './stock-upload-api.ts';
import { UploadDuplicates } from './upload-duplicates.tsx';
import { POLL_MS, progressText, StateTag } from './upload-jobs-table.tsx';

const PAGE_SIZE = 20;
const OUTCOME_COLORS: Record<StockUploadOutcome, string> = {
  accepted: 'green',
  updated: 'blue',
  duplicate: 'orange',
  merged: 'purple',
  rejected: 'red',
  skipped: 'default',
};

const rowColumns: ColumnsType<StockUploadRowReport> = [
  { title: 'Row', key: 'rowNumber', dataIndex: 'rowNumber', width: 80 },
  {
    title: 'Stock #',
    key: 'stockNumber',
    dataIndex: 'stockNumber',
    width: 160,
    render: (value) => value ?? '—',
  },
  {
    title: 'Outcome',
    key: 'outcome',
    dataIndex: 'outcome',
    width: 120,
    render: (outcome: StockUploadOutcome) => (
      <Tag color={OUTCOME_COLORS[outcome]}>{STOCK_UPLOAD_OUTCOME_LABELS[outcome]}</Tag>
    ),
  },
  {
    title: 'Reasons',
    key: 'reasons',
    dataIndex: 'reasons',
    render: (reasons: string[]) =>
      reasons.length === 0 ? '—' : reasons.map((reason) => <div key={reason}>{reason}</div>),
  },
];

/**
 * The rows of one outcome, paged from the server: rejected first, or, without rejected rows, the
 * duplicates left out, or, for a failed upload, the rows it did not apply.
 */
function ReportRows({ job }: { job: StockUploadJob }) {
  const [outcome, setOutcome] = useState<StockUploadOutcome>(
    job.state === 'failed' && job.rejected === 0
      ? 'skipped'
      : job.rejected === 0 && job.merged > 0
        ? 'duplicate'
        : 'rejected',
  );
  const [page, setPage] = useState(1);
  const rows = useQuery({
    queryKey: [...stockUploadsKey, 'rows', job.id, job.state, outcome, page],
    queryFn: () => stockUploadApi.rows(job.id, outcome, page, PAGE_SIZE),
  });
  return (
    <Flex vertical gap={8}>
      <Segmented<StockUploadOutcome>
        value={outcome}
        onChange={(value) => {
          setOutcome(value);
          setPage(1);
        }}
        options={STOCK_UPLOAD_OUTCOMES.map((value) => ({ value, label: STOCK_UPLOAD_OUTCOME_LABELS[value] }))}
      />
      <Table<StockUploadRowReport>
        rowKey="rowNumber"
        size="small"
        columns={rowColumns}
        dataSource={rows.data?.list ?? []}
        loading={rows.isFetching}
        pagination={serverPages(page, PAGE_SIZE, rows.data?.count, setPage)}
        locale={{ emptyText: `No ${STOCK_UPLOAD_OUTCOME_LABELS[outcome].toLowerCase()} rows` }}
      />
    </Flex>
  );
}

/**
 * One upload: live progress while it runs; once finished, its counts, its message, the rows by outcome
 * with their reasons, and the whole report as a CSV download.
 */
export function UploadReport({
  jobId,
  sent,
  onUploaded,
}: {
  jobId: string;
  /** What was sent for this job from this screen, if it was (see UploadDuplicates). */
  sent: StockUploadChoice | null;
  onUploaded: (job: StockUploadJob, sent: StockUploadChoice) => void;
}) {
  const job = useQuery({
    queryKey: [...stockUploadsKey, 'job', jobId],
    queryFn: () => stockUploadApi.get(jobId),
    refetchInterval: (query) =>
      query.state.data && isStockUploadFinished(query.state.data.state) ? false : POLL_MS,
  });
  const data = job.data;
  if (!data) return <Card loading size="small" />;
  const finished = isStockUploadFinished(data.state);
  const failed = data.state === 'failed' || data.state === 'refused';
  return (
    <Card
      size="small"
      title={
        <Flex gap={8} align="center">
          <span>Report — {data.fileName}</span>
          <StateTag state={data.state} />
        </Flex>
      }
      extra={
        finished ? (
          <Button icon={<DownloadOutlined />} onClick={() => void stockUploadApi.downloadReport(data)}>
            Download report
          </Button>
        ) : null
      }
    >
      <Flex vertical gap={16}>
        {finished ? null : (
          <Flex gap={8} align="center" role="status">
            <Spin size="small" />
            <Typography.Text>
              {data.state === 'applying' ? 'Applying to the stock… ' : ''}
              {progressText(data)}
            </Typography.Text>
          </Flex>
        )}
        {data.message ? (
          <Alert
            type={data.state === 'completed' ? 'success' : failed ? 'error' : 'info'}
            showIcon
            title={data.message}
          />
        ) : null}
        <Descriptions size="small" column={{ xs: 2, md: 4 }} bordered>
          <Descriptions.Item label="Rows read">{data.rowsRead}</Descriptions.Item>
          <Descriptions.Item label="Accepted">{data.accepted}</Descriptions.Item>
          <Descriptions.Item label="Updated">{data.updated}</Descriptions.Item>
          <Descriptions.Item label="Rejected">{data.rejected}</Descriptions.Item>
          <Descriptions.Item label="Duplicates left out">{data.merged}</Descriptions.Item>
          <Descriptions.Item label="Removed">{data.removed}</Descriptions.Item>
          <Descriptions.Item label="Mode">{STOCK_UPLOAD_MODE_LABELS[data.mode]}</Descriptions.Item>
          <Descriptions.Item label="Keep good rows">{data.keepGoodRows ? 'Yes' : 'No'}</Descriptions.Item>
        </Descriptions>
        {finished ? <UploadDuplicates job={data} sent={sent} onUploaded={onUploaded} /> : null}
        {data.columns.length > 0 ? (
          <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
            Columns read:{' '}
            {data.columns
              .map((column) =>
                column.column ? `${column.header} → ${column.column}` : `${column.header} (ignored)`,
              )
              .join(', ')}
          </Typography.Paragraph>
        ) : null}
        {finished && data.rowsRead > 0 ? <ReportRows job={data} /> : null}
      </Flex>
    </Card>
  );
}

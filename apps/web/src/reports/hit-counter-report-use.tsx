import type { ReportUseRow } from '@facet/contract';
import { useQuery } from '@tanstack/react-query';
import { Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { call } from '../platform/api/api-client.ts';
import { formatDateTime, formatNumber } from '../platform/lists/format.ts';
import { PlainText } from '../platform/typography/plain-text.tsx';
import { REPORT_REFS } from './report-refs.ts';

const COLUMNS: ColumnsType<ReportUseRow> = [
  { key: 'title', dataIndex: 'title', title: 'Report' },
  {
    key: 'views',
    dataIndex: 'views',
    title: 'Views',
    align: 'right',
    render: (n: number) => formatNumber(n, 0),
  },
  {
    key: 'downloads',
    dataIndex: 'downloads',
    title: 'Downloads',
    align: 'right',
    render: (n: number) => formatNumber(n, 0),
  },
  {
    key: 'users',
    dataIndex: 'users',
    title: 'Users',
    align: 'right',
    render: (n: number) => formatNumber(n, 0),
  },
  {
    key: 'lastUsedAt',
    dataIndex: 'lastUsedAt',
    title: 'Last used',
    render: (at: string | null) => formatDateTime(at),
  },
];

const TITLE = 'Reports viewed and downloaded';

/**
 * The reports' own use over the hit counter's period, from the report log: a screen opened is a view, a
 * file sent a download. Every report is listed, so that one nobody opens shows as such.
 */
export function ReportUse({ period }: { period: { from: string; to: string } | undefined }) {
  const query = useQuery({
    queryKey: ['report-use', period?.from, period?.to],
    queryFn: () => call(REPORT_REFS.reportUse, period as { from: string; to: string }),
    enabled: period !== undefined,
  });
  return (
    <section aria-label={TITLE} style={{ marginBottom: 16 }}>
      <PlainText strong>{TITLE}</PlainText>
      <Table<ReportUseRow>
        size="small"
        style={{ marginTop: 6 }}
        rowKey="report"
        columns={COLUMNS}
        dataSource={query.data?.data.list ?? []}
        loading={query.isPending && period !== undefined}
        pagination={false}
      />
      <div style={{ marginTop: 16 }}>
        <PlainText strong>Pages</PlainText>
      </div>
    </section>
  );
}

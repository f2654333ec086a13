import DownloadOutlined from '@ant-design/icons/es/icons/DownloadOutlined';
import { Button, Dropdown } from 'antd';
import { useState } from 'react';
import { toast } from '../platform/app/toast.ts';
import type { ListExportFormat } from '../platform/resources/resource-api.ts';

export type ExportAction = ListExportFormat | 'print';

/**
 * Export of the selected stones, or of the whole result when none is selected: Excel, CSV and a
 * printable PDF (A4 landscape, with the totals) from the server with the grid's columns, or a list to
 * print from a new window.
 */
export function StockExportMenu({
  selected,
  total,
  onExport,
}: {
  selected: number;
  total: number;
  onExport: (action: ExportAction) => Promise<string | undefined>;
}) {
  const [busy, setBusy] = useState(false);
  const run = async (action: ExportAction) => {
    setBusy(true);
    try {
      const file = await onExport(action);
      if (file) toast.success(`Downloaded ${file}`);
    } catch {
      // The download helper has shown the server's message.
    } finally {
      setBusy(false);
    }
  };
  const scope =
    selected > 0 ? `${selected} selected stone${selected === 1 ? '' : 's'}` : `All ${total} stones`;
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: [
          {
            type: 'group',
            label: scope,
            children: [
              { key: 'xlsx', label: 'Excel (.xlsx)' },
              { key: 'csv', label: 'CSV (.csv)' },
              { key: 'pdf', label: 'PDF (.pdf)' },
              { key: 'print', label: 'Print' },
            ],
          },
        ],
        onClick: ({ key }) => void run(key as ExportAction),
      }}
    >
      <Button icon={<DownloadOutlined />} loading={busy} disabled={total === 0 && selected === 0}>
        Export
      </Button>
    </Dropdown>
  );
}

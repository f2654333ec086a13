import DownloadOutlined from '@ant-design/icons/es/icons/DownloadOutlined';
import { Button, Dropdown } from 'antd';
import { useState } from 'react';
import { toast } from '../app/toast.ts';
import type { ExportFormat } from './resource-api.ts';

const ITEMS = [
  { key: 'xlsx', label: 'Excel (.xlsx)' },
  { key: 'csv', label: 'CSV (.csv)' },
];

/** Export of the list as filtered and sorted, with the visible columns; the browser saves the file. */
export function ExportButton({ onExport }: { onExport: (format: ExportFormat) => Promise<string> }) {
  const [busy, setBusy] = useState(false);
  const run = async (format: ExportFormat) => {
    setBusy(true);
    try {
      toast.success(`Downloaded ${await onExport(format)}`);
    } catch {
      // The download helper has shown the server's message.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dropdown
      trigger={['click']}
      menu={{ items: ITEMS, onClick: ({ key }) => void run(key as ExportFormat) }}
    >
      <Button icon={<DownloadOutlined />} loading={busy}>
        Export
      </Button>
    </Dropdown>
  );
}

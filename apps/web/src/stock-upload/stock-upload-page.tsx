import type { StockUploadJob } from '@facet/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Flex } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { PageHeader } from '../platform/lists/page-header.tsx';
import { usePermissions } from '../platform/session/use-holder.ts';
import { type StockUploadChoice, stockUploadsKey } from './stock-upload-api.ts';
import { UploadForm } from './upload-form.tsx';
import { UploadJobsTable } from './upload-jobs-table.tsx';

// An upload's report (its table, outcome filter and figures) loads when an upload is first chosen, not
// with the screen (docs/performance.md).
const UploadReport = lazy(() =>
  import('./upload-report.tsx').then((module) => ({ default: module.UploadReport })),
);

/**
 * `/hkadmin/Upload-Stock` (module UploadStock): upload a stock file (insert), follow the uploads while
 * they run, and read each one's report (view).
 */
export function StockUploadPage() {
  const { can } = usePermissions();
  const queryClient = useQueryClient();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  // The last file sent from this screen: its report may send it again with a choice for its duplicates.
  const [lastSent, setLastSent] = useState<{ jobId: string; sent: StockUploadChoice } | null>(null);
  const uploaded = (job: StockUploadJob, sent: StockUploadChoice) => {
    setSelectedId(job.id);
    setLastSent({ jobId: job.id, sent });
    void queryClient.invalidateQueries({ queryKey: stockUploadsKey });
  };
  return (
    <Flex vertical gap={16}>
      <PageHeader title="Upload stock" />
      {can('UploadStock', 'insert') ? <UploadForm onUploaded={uploaded} /> : null}
      <Suspense>
        {selectedId ? (
          <UploadReport
            key={selectedId}
            jobId={selectedId}
            sent={lastSent?.jobId === selectedId ? lastSent.sent : null}
            onUploaded={uploaded}
          />
        ) : null}
      </Suspense>
      <UploadJobsTable selectedId={selectedId} onSelect={(job) => setSelectedId(job.id)} />
    </Flex>
  );
}

import SyncOutlined from '@ant-design/icons/es/icons/SyncOutlined';
import type { ResourceRecord, SuccessEnvelope, SyncResult } from '@facet/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Tooltip } from 'antd';
import { useState } from 'react';
import { usePermissions } from '../platform/session/use-holder.ts';
import { runSync } from './sync-api.ts';
import { SyncResultModal } from './sync-result-modal.tsx';

/**
 * 'Sync now' on a Sync Setting row: runs the row's entity, spins while it runs, then shows what it did
 * and refreshes every list (the row itself and the synced records). Shown to whoever may sync: a super
 * admin, or a holder of the `sync` module.
 */
export function SyncNowAction({ record }: { record: ResourceRecord }) {
  const { can } = usePermissions();
  const queryClient = useQueryClient();
  const [done, setDone] = useState<SuccessEnvelope<SyncResult> | null>(null);
  const sync = useMutation({
    mutationFn: () => runSync(String(record.entity)),
    onSuccess: setDone,
    // A failed run is noted on the row too.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['resource'] }),
  });
  if (!can('sync', 'view')) return null;
  const enabled = record.isEnabled !== false;
  return (
    <>
      <Tooltip title={enabled ? undefined : 'Turned off: enable it to sync'}>
        <Button
          type="link"
          size="small"
          icon={<SyncOutlined spin={sync.isPending} />}
          disabled={!enabled || sync.isPending}
          aria-busy={sync.isPending}
          onClick={() => sync.mutate()}
          style={{ paddingInline: 4 }}
        >
          {sync.isPending ? 'Syncing…' : 'Sync now'}
        </Button>
      </Tooltip>
      {done && <SyncResultModal message={done.message} result={done.data} onClose={() => setDone(null)} />}
    </>
  );
}

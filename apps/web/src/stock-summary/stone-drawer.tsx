import { type ResourceRecord, stoneResource } from '@facet/contract';
import { lazy, Suspense, useState } from 'react';
import { StoneDetailDrawer } from '../stock/stone-detail-drawer.tsx';

const ResourceHistoryDrawer = lazy(() =>
  import('../platform/resources/resource-history-drawer.tsx').then((module) => ({
    default: module.ResourceHistoryDrawer,
  })),
);

export interface StoneRef {
  id: string;
  stockNumber: string;
}

/**
 * The stock screen's stone drawer, opened from an activity row: the row knows the stone's id and
 * number, and the drawer reads the rest. Its history opens beside it, as on the stock screen.
 */
export function StoneDrawer({ stone: row, onClose }: { stone: StoneRef; onClose: () => void }) {
  const [history, setHistory] = useState<ResourceRecord | null>(null);
  // Until the stone is read, the drawer shows what the row knows.
  const stone = { ...row } as unknown as ResourceRecord;
  return (
    <>
      <StoneDetailDrawer stone={stone} onClose={onClose} onHistory={setHistory} />
      <Suspense>
        {history && (
          <ResourceHistoryDrawer resource={stoneResource} record={history} onClose={() => setHistory(null)} />
        )}
      </Suspense>
    </>
  );
}

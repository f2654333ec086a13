import { Flex, Segmented } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { usePermissions } from '../platform/session/use-holder.ts';
import { DemandList } from './demand-page.tsx';
import { HoldList } from './hold-page.tsx';
import { TrackList } from './track-list.tsx';

type View = 'track' | 'hold' | 'demand';
const TRACK_MODULES = ['Cart', 'Watchlist', 'Reminder', 'Enquiry', 'Offer'] as const;

/**
 * A company's "Customer activity" tab (account details): all of its customers' activity, each kind of
 * list the reader may view: their carts, watchlists, reminders, enquiries and offers (with a kind column
 * and filter), their holds and memos, their demands. One list shows at a time: a list keeps its paging,
 * sort and filters in the address.
 */
export function AccountActivity({ accountId }: { accountId: string }) {
  const { can } = usePermissions();
  const [, setSearchParams] = useSearchParams();
  const views: { value: View; label: string }[] = [
    ...(TRACK_MODULES.some((module) => can(module, 'view'))
      ? [{ value: 'track' as const, label: 'Lists and offers' }]
      : []),
    ...(can('Hold', 'view') ? [{ value: 'hold' as const, label: 'Holds and memos' }] : []),
    ...(can('Demand', 'view') ? [{ value: 'demand' as const, label: 'Demands' }] : []),
  ];
  const [view, setView] = useState<View | undefined>(views[0]?.value);
  return (
    <Flex vertical gap={12}>
      {views.length > 1 && (
        <Segmented<View>
          aria-label="Which activity"
          options={views}
          value={view}
          onChange={(next) => {
            // The list before kept its paging and filters in the address: the next starts afresh.
            setSearchParams(new URLSearchParams(), { replace: true });
            setView(next);
          }}
        />
      )}
      {view === 'track' && (
        <TrackList screen={null} accountId={accountId} title={null} empty="No customer activity yet" />
      )}
      {view === 'hold' && <HoldList accountId={accountId} />}
      {view === 'demand' && <DemandList accountId={accountId} />}
    </Flex>
  );
}

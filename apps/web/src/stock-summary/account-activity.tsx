import { TrackList } from './track-list.tsx';

/**
 * A company's "Customer activity" tab (account details): every kind of its customers' activity, with
 * a kind column and filter.
 */
export function AccountActivity({ accountId }: { accountId: string }) {
  return <TrackList screen={null} accountId={accountId} title={null} empty="No customer activity yet" />;
}

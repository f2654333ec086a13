import { type ResourceRecord, STONE_BLOCK_KIND_OPTIONS, STONE_BLOCK_STATE_OPTIONS } from '@facet/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert } from 'antd';
import { Link } from 'react-router';
import { panelPath } from '../platform/app/paths.ts';
import { formatDateTime } from '../platform/lists/format.ts';
import { usePermissions } from '../platform/session/use-holder.ts';
import { labelOf } from './activity-format.ts';
import { blockKey, stockSummaryApi } from './stock-summary-api.ts';
import { STOCK_SUMMARY_REFS as R } from './stock-summary-refs.ts';

/** The statuses a live hold or memo gives its stone. */
const BLOCKED_STATUSES = new Set(['H', 'M']);

/**
 * In the stone's drawer: the customer a stone is held for or out on memo with, until when, and a way to
 * that customer's holds. Only for staff who may read holds; a stone that is not blocked asks nothing.
 */
export default function StoneBlockSection({ record }: { record: ResourceRecord }) {
  const { canCall } = usePermissions();
  const blocked = BLOCKED_STATUSES.has(String(record.status ?? ''));
  const enabled = blocked && canCall(R.blockPaginate);
  const live = useQuery({
    queryKey: [...blockKey, 'stone', record.id],
    queryFn: () =>
      stockSummaryApi.blocks({ page: 1, limit: 1, filter: { stoneId: [record.id], live: true } }),
    enabled,
  });
  const block = live.data?.list[0];
  if (!enabled || !block) return null;
  const kind = labelOf(STONE_BLOCK_KIND_OPTIONS, block.kind);
  const state = labelOf(STONE_BLOCK_STATE_OPTIONS, block.state).toLowerCase();
  const company = block.accountName ? `, ${block.accountName}` : '';
  return (
    <Alert
      type="warning"
      showIcon
      style={{ marginBottom: 16 }}
      title={`${kind} for ${block.userName}${company}, ${state}, until ${formatDateTime(block.expiresAt)}`}
      description={<Link to={panelPath(`hold/${block.userId}`)}>Open this customer's holds and memos</Link>}
    />
  );
}

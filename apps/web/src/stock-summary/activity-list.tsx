import { USER_REFERENCE } from '@facet/contract';
import { Segmented } from 'antd';
import { type ReactNode, useMemo } from 'react';
import { useParams } from 'react-router';
import { ListToolbar } from '../platform/lists/list-toolbar.tsx';
import { PhoneFilters } from '../platform/lists/phone-filters.tsx';
import {
  type PaginatedList,
  type PaginatedListOptions,
  usePaginatedList,
} from '../platform/lists/use-paginated-list.ts';
import { useReferenceTitle } from '../platform/resources/reference-select.tsx';
import { usePermissions } from '../platform/session/use-holder.ts';

/**
 * A Stock Summary list of one kind of customer activity (holds, demands) that `{screen}/{userId}`
 * narrows to one customer: the customer from the route as a fixed filter (and in the query key), and
 * their name for the title, the first row's or else looked up when the user may read users. Live rows
 * show by default; the `live` filter false shows the ended ones.
 */
export function useActivityList<Row extends { userName: string }>(
  options: Omit<PaginatedListOptions<Row>, 'fixedFilter'> & {
    /** One company's rows only (its details page). */
    accountId?: string | undefined;
  },
) {
  const { accountId, ...listOptions } = options;
  const { id } = useParams();
  // On a company's page the route's id is the company's; a list's own route names a customer.
  const userId = accountId ? undefined : id;
  const { can } = usePermissions();
  const fixedFilter = useMemo(
    () =>
      userId || accountId
        ? { ...(userId ? { userId } : {}), ...(accountId ? { accountId } : {}) }
        : undefined,
    [userId, accountId],
  );
  const list = usePaginatedList<Row>({
    ...listOptions,
    queryKey: [...options.queryKey, userId ?? 'all', accountId ?? 'all'],
    fixedFilter,
  });
  const named = useReferenceTitle(USER_REFERENCE, userId && can('User', 'view') ? userId : null);
  return {
    list,
    userId,
    live: list.params.filter.live !== false,
    customer: userId ? (list.rows[0]?.userName ?? named) : undefined,
  };
}

/**
 * The search, the switch between live and ended rows (`ended` names the latter), and the filters
 * (`children`), folded behind one button on a phone.
 */
export function ActivityToolbar<Row>({
  list,
  placeholder,
  ended,
  children,
}: {
  list: PaginatedList<Row>;
  placeholder: string;
  ended: string;
  children: ReactNode;
}) {
  const { filter } = list.params;
  return (
    <ListToolbar list={list} placeholder={placeholder}>
      <Segmented<'live' | 'ended'>
        aria-label={`Live or ${ended.toLowerCase()}`}
        options={[
          { value: 'live', label: 'Live' },
          { value: 'ended', label: ended },
        ]}
        value={filter.live !== false ? 'live' : 'ended'}
        onChange={(value) => {
          list.setFilter('live', value === 'live' ? undefined : false);
          // The ones that end soonest lead the live rows, the ones that ended last the others.
          if (list.params.sort?.key === 'expiresAt') {
            list.setSort({ key: 'expiresAt', direction: value === 'live' ? 'asc' : 'desc' });
          }
        }}
      />
      <PhoneFilters count={Number.POSITIVE_INFINITY} active={Object.keys(filter).length}>
        {children}
      </PhoneFilters>
    </ListToolbar>
  );
}

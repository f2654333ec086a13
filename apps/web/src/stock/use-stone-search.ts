import { type ResourceRecord, type StoneTotals, sortKeysOf, stoneResource } from '@facet/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import {
  type FilterValue,
  type ListDefaults,
  type ListParams,
  readListParams,
  writeListParams,
} from '../platform/lists/list-params.ts';
import type { PaginatedList } from '../platform/lists/use-paginated-list.ts';
import { resourceKey } from '../platform/resources/resource-api.ts';
import { stoneApi } from './stock-api.ts';
import { STONE_FILTER_SPEC, stoneSearchBody } from './stone-filter.ts';

/** Large pages: a trader scrolls through hundreds of stones, the grid renders only those in view. */
export const STOCK_PAGE_SIZES = [50, 100, 250, 500] as const;

const DEFAULTS: ListDefaults = {
  limit: 100,
  sort: { key: stoneResource.defaultSort.field, direction: stoneResource.defaultSort.direction },
};
const SORT_KEYS = sortKeysOf(stoneResource);

export interface StoneSearch extends PaginatedList<ResourceRecord> {
  /** The whole filtered result's figures; the previous search's while the next loads. */
  totals: StoneTotals | null;
  /** Replaces the whole filter at once (the form's Search), back to page 1. */
  apply: (filter: Record<string, FilterValue>) => void;
}

/**
 * The stock search: filter, sort and page in the URL, so a search can be shared and survives reload.
 * `columns`: the fields the rows carry (what the grid shows); default the whole stone. Nothing is asked
 * until `ready`, so that a page is not read (and recorded as a search) twice while the columns load.
 */
export function useStoneSearch(columns?: readonly string[], ready = true): StoneSearch {
  const [searchParams, setSearchParams] = useSearchParams();
  const paramsKey = searchParams.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the URL string stands for the params object.
  const params = useMemo(
    () => readListParams(searchParams, STONE_FILTER_SPEC, SORT_KEYS, DEFAULTS),
    [paramsKey],
  );
  // New Arrivals counts back from today: the day is part of the key, so a search left open overnight
  // asks again rather than answering yesterday's.
  const today = new Date();
  const body = stoneSearchBody(params, today);
  const pageKey = [...resourceKey(stoneResource.name), 'search', body, columns] as const;
  const query = useQuery({
    queryKey: pageKey,
    queryFn: () => stoneApi.search(columns ? { ...body, columns: [...columns] } : body),
    enabled: ready,
    placeholderData: keepPreviousData,
  });

  // Two changes in one tick must build on each other, not on the same stale params.
  const latest = useRef({ key: paramsKey, params });
  if (latest.current.key !== paramsKey) latest.current = { key: paramsKey, params };
  // Paging and sorting replace the history entry; a new search is one, so Back returns to the last.
  const update = (next: Partial<ListParams>, replace = true) => {
    latest.current.params = { ...latest.current.params, ...next };
    setSearchParams(writeListParams(latest.current.params, DEFAULTS), { replace });
  };

  return {
    params,
    body,
    pageKey,
    sortKeys: SORT_KEYS,
    rows: query.data?.list ?? [],
    count: query.data?.count ?? 0,
    estimated: query.data?.estimated === true,
    totals: (query.data?.totals as StoneTotals | undefined) ?? null,
    loading: query.isPending,
    refreshing: query.isFetching,
    setSearch: (search) => update({ search: search.trim(), page: 1 }),
    setFilter: (key, value) => {
      const filter = { ...latest.current.params.filter };
      if (value === undefined || (Array.isArray(value) && value.length === 0)) delete filter[key];
      else filter[key] = value;
      update({ filter, page: 1 });
    },
    apply: (filter) => update({ filter, page: 1 }, false),
    setPage: (page, limit) => update({ page: limit === latest.current.params.limit ? page : 1, limit }),
    setSort: (sort) => update({ sort, page: 1 }),
    reset: () => update({ filter: {}, search: '', page: 1 }),
  };
}

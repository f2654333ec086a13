import type { PaginateResult } from '@facet/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';
import {
  type FilterSpec,
  type FilterValue,
  type ListDefaults,
  type ListParams,
  type PaginateBody,
  readListParams,
  toPaginateBody,
  writeListParams,
} from './list-params.ts';

export interface PaginatedListOptions<T> {
  /** Query-key root; invalidate it after a change to refetch every page of the list. */
  queryKey: readonly unknown[];
  fetch: (body: PaginateBody) => Promise<PaginateResult<T>>;
  filters: FilterSpec;
  /** The contract's sort keys: columns outside it are not sortable. */
  sortKeys: readonly string[];
  defaults?: Partial<ListDefaults>;
  fixedFilter?: Record<string, unknown>;
}

export interface PaginatedList<T> {
  params: ListParams;
  /** The body of the current request (fixed filters included), e.g. for an export of the same rows. */
  body: PaginateBody;
  /** The current page's query key, for optimistic edits of the rows shown. */
  pageKey: readonly unknown[];
  sortKeys: readonly string[];
  rows: T[];
  count: number;
  /** The count is an estimate (a search past the bound the server counts exactly). */
  estimated?: boolean;
  loading: boolean;
  /** A refetch behind rows already shown (the previous page stays until the next arrives). */
  refreshing: boolean;
  setSearch: (search: string) => void;
  setFilter: (key: string, value: FilterValue | undefined) => void;
  setPage: (page: number, limit: number) => void;
  setSort: (sort: ListParams['sort']) => void;
  reset: () => void;
}

const DEFAULTS: ListDefaults = { limit: 20, sort: null };

/** A resource-agnostic server-paginated list whose state lives in the URL. */
export function usePaginatedList<T>(options: PaginatedListOptions<T>): PaginatedList<T> {
  const { queryKey, fetch, filters, sortKeys, fixedFilter } = options;
  const defaults = { ...DEFAULTS, ...options.defaults };
  const [searchParams, setSearchParams] = useSearchParams();
  const paramsKey = searchParams.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the URL string stands for the params object.
  const params = useMemo(
    () => readListParams(searchParams, filters, sortKeys, defaults),
    [paramsKey, filters, sortKeys, defaults.limit, defaults.sort?.key, defaults.sort?.direction],
  );
  const body = toPaginateBody(params, fixedFilter);
  const pageKey = [...queryKey, body];

  const query = useQuery({
    queryKey: pageKey,
    queryFn: () => fetch(body),
    placeholderData: keepPreviousData,
  });

  // Two changes in one tick (clear the search, then sort) must not build on the same stale params.
  // Re-synced only when the URL itself changes, so a render before the URL commits keeps the pending change.
  const latest = useRef({ key: paramsKey, params });
  if (latest.current.key !== paramsKey) latest.current = { key: paramsKey, params };

  // Replace, not push: paging through a list should not fill the back button's history.
  const update = (next: Partial<ListParams>) => {
    latest.current.params = { ...latest.current.params, ...next };
    setSearchParams(writeListParams(latest.current.params, defaults), { replace: true });
  };

  return {
    params,
    body,
    pageKey,
    sortKeys,
    rows: query.data?.list ?? [],
    count: query.data?.count ?? 0,
    loading: query.isPending,
    refreshing: query.isFetching,
    setSearch: (search) => update({ search: search.trim(), page: 1 }),
    setFilter: (key, value) => {
      const filter = { ...latest.current.params.filter };
      if (value === undefined || (Array.isArray(value) && value.length === 0)) delete filter[key];
      else filter[key] = value;
      update({ filter, page: 1 });
    },
    setPage: (page, limit) => update({ page: limit === latest.current.params.limit ? page : 1, limit }),
    setSort: (sort) => update({ sort, page: 1 }),
    reset: () => setSearchParams(new URLSearchParams(), { replace: true }),
  };
}

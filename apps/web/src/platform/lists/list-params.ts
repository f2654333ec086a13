/**
 * A server-paginated list's state as URL search params, so filters, search, sort and page survive
 * navigation and reload. Pure: the hook in use-paginated-list.ts binds it to the router.
 */
export type FilterKind =
  | 'string'
  | 'strings'
  | 'number'
  | 'numbers'
  | 'boolean'
  | 'numberRange'
  | 'dateRange';
export type FilterSpec = Readonly<Record<string, FilterKind>>;
/** An inclusive range; either end may be open. Dates travel as `YYYY-MM-DD`. */
export interface RangeValue {
  from?: number | string;
  to?: number | string;
}
export type FilterValue = string | string[] | number | number[] | boolean | RangeValue;

/** A range in the URL: `from~to`, either side may be empty (`~10` is "up to 10"). */
const RANGE_SEPARATOR = '~';
const DATE = /^\d{4}-\d{2}-\d{2}$/;

function readRange(raw: string, kind: 'numberRange' | 'dateRange'): RangeValue | undefined {
  const parts = raw.split(RANGE_SEPARATOR);
  if (parts.length !== 2) return undefined;
  const range: RangeValue = {};
  for (const [end, text] of [
    ['from', parts[0]],
    ['to', parts[1]],
  ] as const) {
    if (!text) continue;
    if (kind === 'dateRange') {
      if (DATE.test(text)) range[end] = text;
    } else if (Number.isFinite(Number(text))) range[end] = Number(text);
  }
  return range.from === undefined && range.to === undefined ? undefined : range;
}

export function isRangeValue(value: FilterValue): value is RangeValue {
  return typeof value === 'object' && !Array.isArray(value);
}
export type SortDirection = 'asc' | 'desc';

export interface ListParams {
  page: number;
  limit: number;
  search: string;
  filter: Record<string, FilterValue>;
  sort: { key: string; direction: SortDirection } | null;
}

export interface ListDefaults {
  limit: number;
  sort: ListParams['sort'];
}

export const PAGE_SIZES: readonly number[] = [10, 20, 50, 100];

const RESERVED = new Set(['page', 'limit', 'q', 'sort']);

function positiveInt(raw: string | null, fallback: number): number {
  const value = Number(raw);
  return Number.isInteger(value) && value >= 1 ? value : fallback;
}

function readFilterValue(values: string[], kind: FilterKind): FilterValue | undefined {
  const present = values.filter((value) => value !== '');
  if (present.length === 0) return undefined;
  switch (kind) {
    case 'string':
      return present[0];
    case 'strings':
      return present;
    case 'number': {
      const value = Number(present[0]);
      return Number.isFinite(value) ? value : undefined;
    }
    case 'numbers': {
      const numbers = present.map(Number).filter(Number.isFinite);
      return numbers.length > 0 ? numbers : undefined;
    }
    case 'boolean':
      return present[0] === 'true' ? true : present[0] === 'false' ? false : undefined;
    case 'numberRange':
    case 'dateRange':
      return readRange(present[0] as string, kind);
  }
}

/** Unknown params, unknown sort keys and malformed values are dropped rather than sent to the server. */
export function readListParams(
  search: URLSearchParams,
  spec: FilterSpec,
  sortKeys: readonly string[],
  defaults: ListDefaults,
): ListParams {
  const filter: Record<string, FilterValue> = {};
  for (const [key, kind] of Object.entries(spec)) {
    if (RESERVED.has(key)) continue;
    const value = readFilterValue(search.getAll(key), kind);
    if (value !== undefined) filter[key] = value;
  }
  const [sortKey, direction] = (search.get('sort') ?? '').split(':');
  const sort =
    sortKey && sortKeys.includes(sortKey) && (direction === 'asc' || direction === 'desc')
      ? { key: sortKey, direction: direction as SortDirection }
      : search.get('sort') === ''
        ? null
        : defaults.sort;
  return {
    page: positiveInt(search.get('page'), 1),
    limit: positiveInt(search.get('limit'), defaults.limit),
    search: (search.get('q') ?? '').trim(),
    filter,
    sort,
  };
}

/** Only what differs from the defaults, so a fresh list keeps a clean URL. */
export function writeListParams(params: ListParams, defaults: ListDefaults): URLSearchParams {
  const search = new URLSearchParams();
  if (params.search) search.set('q', params.search);
  for (const [key, value] of Object.entries(params.filter)) {
    if (isRangeValue(value)) {
      search.set(key, `${value.from ?? ''}${RANGE_SEPARATOR}${value.to ?? ''}`);
      continue;
    }
    for (const item of Array.isArray(value) ? value : [value]) search.append(key, String(item));
  }
  const sameSort =
    params.sort?.key === defaults.sort?.key && params.sort?.direction === defaults.sort?.direction;
  // An empty `sort` records that the user cleared the default sort.
  if (!sameSort) search.set('sort', params.sort ? `${params.sort.key}:${params.sort.direction}` : '');
  if (params.page !== 1) search.set('page', String(params.page));
  if (params.limit !== defaults.limit) search.set('limit', String(params.limit));
  return search;
}

export interface PaginateBody {
  page: number;
  limit: number;
  search?: string;
  filter?: Record<string, unknown>;
  sort?: Record<string, SortDirection>;
  /** The fields each row carries; default the whole record. */
  columns?: string[];
}

/** The paginate body; `fixedFilter` narrows every request (a screen's own restriction). */
export function toPaginateBody(params: ListParams, fixedFilter: Record<string, unknown> = {}): PaginateBody {
  const filter = { ...params.filter, ...fixedFilter };
  return {
    page: params.page,
    limit: params.limit,
    ...(params.search ? { search: params.search } : {}),
    ...(Object.keys(filter).length > 0 ? { filter } : {}),
    ...(params.sort ? { sort: { [params.sort.key]: params.sort.direction } } : {}),
  };
}

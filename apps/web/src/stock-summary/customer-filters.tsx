import type { FieldSpec } from '@facet/contract';
import { lazy, Suspense } from 'react';
import type { PaginatedList } from '../platform/lists/use-paginated-list.ts';
import { ReferenceSelect } from '../platform/resources/reference-select.tsx';
import { usePermissions } from '../platform/session/use-holder.ts';
import { CustomerSelect } from './customer-select.tsx';

// DatePicker and dayjs load only when a list shows.
const DateRangeFilter = lazy(() =>
  import('../platform/resources/date-range-filter.tsx').then((module) => ({
    default: module.DateRangeFilter,
  })),
);

/**
 * The customer and company filters every activity list has, each left out where the screen already
 * names it (`cart/{customer}`, a company's tab); the company filter for those who may see companies.
 */
export function CustomerFilters<T>({
  list,
  fixedUserId,
  fixedAccountId,
}: {
  list: PaginatedList<T>;
  fixedUserId?: string | undefined;
  fixedAccountId?: string | undefined;
}) {
  const { can } = usePermissions();
  const { filter } = list.params;
  return (
    <>
      {!fixedUserId && (
        <CustomerSelect
          aria-label="Filter by customer"
          style={{ width: 220 }}
          value={typeof filter.userId === 'string' ? filter.userId : null}
          onChange={(value) => list.setFilter('userId', value ?? undefined)}
        />
      )}
      {!fixedAccountId && (can('Account', 'view') || filter.accountId !== undefined) && (
        <ReferenceSelect
          resourceName="account"
          aria-label="Filter by company"
          placeholder="Company"
          style={{ minWidth: 200 }}
          value={typeof filter.accountId === 'string' ? filter.accountId : null}
          onChange={(value) => list.setFilter('accountId', value ?? undefined)}
        />
      )}
    </>
  );
}

/** A date range filter of a list, by the field it filters. */
export function DateFilter<T>({
  list,
  name,
  spec,
}: {
  list: PaginatedList<T>;
  name: string;
  spec: FieldSpec;
}) {
  return (
    <Suspense>
      <DateRangeFilter
        name={name}
        spec={spec}
        value={list.params.filter[name]}
        onChange={(value) => list.setFilter(name, value)}
      />
    </Suspense>
  );
}

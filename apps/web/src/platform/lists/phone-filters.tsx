import type { ReactNode } from 'react';
import { usePhoneLayout } from './use-phone-layout.ts';
import './phone-filters.css';

/** More filters than this fold away on a phone, so the records come first. */
const SHOWN_ON_PHONE = 2;

/**
 * A list's filters: on a phone, more than a couple fold under "Filters" (with how many are set), so the
 * cards are not pushed below a column of inputs; elsewhere they stand in the toolbar as they are.
 */
export function PhoneFilters({
  count,
  active,
  children,
}: {
  count: number;
  active: number;
  children: ReactNode;
}) {
  const phone = usePhoneLayout();
  if (!phone || count <= SHOWN_ON_PHONE) return children;
  return (
    <details className="phone-filters">
      <summary>{active > 0 ? `Filters (${active} set)` : 'Filters'}</summary>
      <div className="phone-filters-body">{children}</div>
    </details>
  );
}

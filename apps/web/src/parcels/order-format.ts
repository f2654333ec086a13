import { PARCEL_ORDER_STATUS_OPTIONS, PARCEL_ORDER_STATUSES } from '@facet/contract';

const STATUS_COLORS: Record<number, string> = {
  [PARCEL_ORDER_STATUSES.pending]: 'gold',
  [PARCEL_ORDER_STATUSES.done]: 'green',
  [PARCEL_ORDER_STATUSES.cancelled]: 'default',
};

/** An order's status in words, as its tag shows it. */
export function statusLabel(status: number): string {
  return PARCEL_ORDER_STATUS_OPTIONS.find((option) => option.value === status)?.label ?? 'Unknown';
}

export function statusColor(status: number): string {
  return STATUS_COLORS[status] ?? 'default';
}

export const isPending = (order: { status: number }) => order.status === PARCEL_ORDER_STATUSES.pending;

export const STATUS_FILTER_OPTIONS = PARCEL_ORDER_STATUS_OPTIONS.map(({ value, label }) => ({
  value,
  label,
}));

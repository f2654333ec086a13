import { RESOURCE_MESSAGES } from '@facet/contract';
import { fieldError } from '../http/envelope.ts';
import type { ResourceHooks } from '../resources/domain-hooks.ts';

const dateOf = (values: Record<string, unknown>, current: Record<string, unknown>, key: string) => {
  const value = key in values ? values[key] : current[key];
  return typeof value === 'string' && value !== '' ? value : null;
};

/** A featured stone shows from its first day to its last: the last may not come before the first. */
export const featuredStoneHooks: ResourceHooks = {
  beforeWrite: (values, current = {}) => {
    const from = dateOf(values, current, 'fromDate');
    const to = dateOf(values, current, 'toDate');
    // Both are `YYYY-MM-DD`, so text order is date order.
    if (from && to && to < from) throw fieldError('toDate', RESOURCE_MESSAGES.rangeOrder);
    return values;
  },
};

import { featuredStoneResource, rangeErrors } from '@facet/contract';
import { fieldError } from '../http/envelope.ts';
import type { ResourceHooks } from '../resources/domain-hooks.ts';

/**
 * A featured stone shows from its first day to its last: the last may not come before the first. The
 * engine checks the declared range too (ResourceSpec `ranges`); this says it in the same words.
 */
export const featuredStoneHooks: ResourceHooks = {
  beforeWrite: (values, current = {}) => {
    const [error] = rangeErrors(featuredStoneResource, { ...current, ...values });
    if (error) throw fieldError(error.field, error.message);
    return values;
  },
};

import type { ResourceHooks } from '../resources/domain-hooks.ts';
import { withStoneDerivedValues } from './stone-pricing.ts';

/** A stone's writes are priced by the trade's rules; its searches are recorded for the reports. */
export const stoneHooks: ResourceHooks = {
  beforeWrite: withStoneDerivedValues,
  afterList: (ctx, auth, request, result, tookMs) =>
    ctx.searchRecorder.record(auth.user.id, request, result.count, tookMs),
};

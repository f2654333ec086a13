import {
  diamondJourneyEventResource,
  featuredStoneResource,
  nonCertDiamondResource,
  type PaginateResult,
  type ResourceRecord,
  type ResourceSpec,
  stoneResource,
  valueSchema,
} from '@facet/contract';
import type { AppContext } from '../app-context.ts';
import type { AuthContext } from '../auth/authenticate.ts';
import { fieldError } from '../http/envelope.ts';
import { nonCertDiamondHooks } from '../noncert/diamond-pricing.ts';
import { featuredStoneHooks } from '../stock/featured-stone-hooks.ts';
import { journeyEventHooks } from '../stock/journey-hooks.ts';
import { stoneHooks } from '../stock/stone-hooks.ts';

/**
 * What a domain adds to the generic endpoints of its resource. The engine stays generic; the rules of
 * one resource (a stone's pricing) live with their domain and are registered here by resource name.
 */
export interface ResourceHooks {
  /**
   * The values a write stores: the written `values` with what the domain derives from them. `current`
   * is the stored record on an update (absent on a create). Create, update and bulk writes all call it
   * (through prepareWrite).
   */
  beforeWrite?(values: Record<string, unknown>, current?: Record<string, unknown>): Record<string, unknown>;
  /**
   * After a page was read, before it is answered; the response does not wait for what this starts (it
   * must catch its own errors).
   */
  afterList?(
    ctx: AppContext,
    auth: AuthContext,
    request: Record<string, unknown>,
    result: PaginateResult<ResourceRecord>,
    tookMs: number,
  ): void;
}

const HOOKS: ReadonlyMap<string, ResourceHooks> = new Map([
  [stoneResource.name, stoneHooks],
  [nonCertDiamondResource.name, nonCertDiamondHooks],
  [featuredStoneResource.name, featuredStoneHooks],
  [diamondJourneyEventResource.name, journeyEventHooks],
]);

export function hooksOf(resource: ResourceSpec): ResourceHooks {
  return HOOKS.get(resource.name) ?? {};
}

/**
 * The values a create or update of `resource` stores, after its domain's `beforeWrite`. A value the
 * hook derived is checked against its field like a written one (a price per carat out of bounds), so
 * a derived value can never overflow its column: a 400 on that field instead.
 */
export function prepareWrite(
  resource: ResourceSpec,
  values: Record<string, unknown>,
  current?: Record<string, unknown>,
): Record<string, unknown> {
  const hook = hooksOf(resource).beforeWrite;
  if (!hook) return values;
  const prepared = hook(values, current);
  for (const [key, value] of Object.entries(prepared)) {
    const spec = resource.fields[key];
    if (!spec || value === null || value === undefined || value === values[key]) continue;
    const checked = valueSchema(spec).safeParse(value);
    if (!checked.success) throw fieldError(key, checked.error.issues[0]?.message ?? spec.label);
  }
  return prepared;
}

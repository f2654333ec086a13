import { type PaginateResult, type ResourceRecord, type ResourceSpec, valueSchema } from '@facet/contract';
import type { AuthContext } from '../access/authenticate.ts';
import type { AppContext } from '../app-context.ts';
import type { Db } from '../db/client.ts';
import { fieldError } from '../http/envelope.ts';

/**
 * What a domain adds to the generic endpoints of its resource. The engine stays generic; the rules of
 * one resource (a stone's pricing) live with their domain, whose server module names them by resource.
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

/** Every resource's hooks by resource name, as the server's modules declare them. */
export type ResourceHooksByName = ReadonlyMap<string, ResourceHooks>;

/** Where the engine writes: the database (or a transaction) and the hooks the app was built with. */
export interface WriteTarget {
  db: Db;
  resourceHooks: ResourceHooksByName;
}

export function hooksOf(hooks: ResourceHooksByName, resource: ResourceSpec): ResourceHooks {
  return hooks.get(resource.name) ?? {};
}

/**
 * The values a create or update of `resource` stores, after its domain's `beforeWrite`. A value the
 * hook derived is checked against its field like a written one (a price per carat out of bounds), so
 * a derived value can never overflow its column: a 400 on that field instead.
 */
export function prepareWrite(
  hooks: ResourceHooksByName,
  resource: ResourceSpec,
  values: Record<string, unknown>,
  current?: Record<string, unknown>,
): Record<string, unknown> {
  const hook = hooksOf(hooks, resource).beforeWrite;
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

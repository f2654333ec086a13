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
  /**
   * Inside the transaction of a create or an update, once the row is written: `before` (null on a
   * create) and `after` are the field values as the trail records them. It may write in `tx` (a
   * notification), and answers what to do once the write has committed (deliver it), if anything.
   * Run only for a write that owns its transaction (see `ownsItsCommit`): a sync's or the demo seed's
   * writes tell nobody, so a notice is never written without being delivered.
   */
  afterWrite?(tx: Db, change: WrittenChange): Promise<AfterCommit | undefined>;
}

/** One row as a create or an update left it, for `afterWrite`. */
export interface WrittenChange {
  id: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown>;
  actorId: string;
}

/** What runs once a write has committed; it must catch its own errors, the write is done. */
export type AfterCommit = (ctx: AppContext) => void;

/** Every resource's hooks by resource name, as the server's modules declare them. */
export type ResourceHooksByName = ReadonlyMap<string, ResourceHooks>;

/** Where the engine writes: the database (or a transaction) and the hooks the app was built with. */
export interface WriteTarget {
  db: Db;
  resourceHooks: ResourceHooksByName;
}

/**
 * Whether a write owns its transaction: a route hands the app context, and the write has committed
 * when it returns, so its after-commit work may run. A sync run or the demo seed hands a bare
 * `{ db, resourceHooks }` inside a transaction of its own: there is no commit to wait for yet (the
 * outer one may still roll back), and those writes tell nobody.
 */
export function ownsItsCommit(target: WriteTarget): target is AppContext {
  return 'live' in target && 'mailer' in target;
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

import {
  type AdminAction,
  can,
  isScopedByView,
  RESOURCE_MESSAGES,
  type ResourceSpec,
  USER_TYPES,
  viewModuleOf,
} from '@facet/contract';
import { and, eq, isNotNull, isNull, or, type SQL } from 'drizzle-orm';
import type { AuthContext } from '../access/authenticate.ts';
import { tableFor } from '../db/tables.ts';
import { FORBIDDEN, holderOf } from '../http/access-plugin.ts';
import { HttpError } from '../http/envelope.ts';
import { columnOf } from './columns.ts';
import { keyableCondition } from './page-plans.ts';

/** The rows one view shows: those holding its pinned values and setting its `notNull` fields. */
interface ViewRows {
  pinned: Readonly<Record<string, unknown>>;
  notNull: readonly string[];
}

/**
 * What a user reaches of a resource scoped by view: null for every row, else the rows of the views
 * whose module allows the action (a row is reached when it belongs to one of them). A resource without
 * view modules, a super admin, or a permitted view that pins nothing reach every row.
 */
export type Scope = readonly ViewRows[] | null;

export function scopeOf(resource: ResourceSpec, auth: AuthContext, action: AdminAction): Scope {
  if (!isScopedByView(resource) || auth.user.type === USER_TYPES.SUPER_ADMIN) return null;
  const holder = holderOf(auth);
  const reached: ViewRows[] = [];
  for (const view of resource.views) {
    if (!can(holder, viewModuleOf(resource, view), action)) continue;
    const rows = { pinned: view.fixedFilter ?? {}, notNull: view.notNull ?? [] };
    if (Object.keys(rows.pinned).length === 0 && rows.notNull.length === 0) return null;
    reached.push(rows);
  }
  if (reached.length === 0) throw new HttpError('E_FORBIDDEN', FORBIDDEN);
  return reached;
}

const isSet = (value: unknown) => value !== null && value !== undefined;

const belongs = (values: Readonly<Record<string, unknown>>, rows: ViewRows) =>
  Object.entries(rows.pinned).every(([key, value]) => (values[key] ?? null) === value) &&
  rows.notNull.every((key) => isSet(values[key]));

/** A record outside the scope is not found for this user (its existence is not revealed). */
export function assertRecordInScope(scope: Scope, record: Readonly<Record<string, unknown>>): void {
  if (scope && !scope.some((rows) => belongs(record, rows))) {
    throw new HttpError('E_NOT_FOUND', RESOURCE_MESSAGES.notFound);
  }
}

/** Values to be written (a create, or an update merged over its record) must stay in the scope. */
export function assertValuesInScope(scope: Scope, values: Readonly<Record<string, unknown>>): void {
  if (scope && !scope.some((rows) => belongs(values, rows))) throw new HttpError('E_FORBIDDEN', FORBIDDEN);
}

/** Whether a list filter can match rows of the view: some asked value of each pinned field fits it. */
function filterMeets(filter: Readonly<Record<string, unknown>>, rows: ViewRows): boolean {
  const asked = (key: string) => {
    const value = filter[key];
    return value === undefined ? undefined : Array.isArray(value) ? value : [value];
  };
  return (
    Object.entries(rows.pinned).every(([key, value]) => asked(key)?.includes(value) ?? true) &&
    rows.notNull.every((key) => asked(key)?.some(isSet) ?? true)
  );
}

/**
 * The condition narrowing a list (paginate, export) to the scope, added to the request's own filters.
 * A filter that asks only for rows outside the scope is forbidden rather than answered empty, so the
 * screen says why it shows nothing.
 */
export function scopeCondition(
  resource: ResourceSpec,
  scope: Scope,
  filter: Readonly<Record<string, unknown>> | undefined,
): SQL | undefined {
  if (!scope) return undefined;
  if (!scope.some((rows) => filterMeets(filter ?? {}, rows))) throw new HttpError('E_FORBIDDEN', FORBIDDEN);
  // One condition object per resource and scope, so that a page's plan can be kept by it (page-plans.ts).
  let byScope = conditions.get(resource);
  if (!byScope) {
    byScope = new Map();
    conditions.set(resource, byScope);
  }
  const key = JSON.stringify(scope);
  let condition = byScope.get(key);
  if (!condition) {
    condition = keyableCondition(conditionOf(resource, scope));
    byScope.set(key, condition);
  }
  return condition;
}

/** Scope conditions built so far: a resource has a handful of views, so a handful of scopes. */
const conditions = new WeakMap<ResourceSpec, Map<string, SQL>>();

function conditionOf(resource: ResourceSpec, scope: readonly ViewRows[]): SQL {
  const table = tableFor(resource);
  return or(
    ...scope.map((rows) =>
      and(
        ...Object.entries(rows.pinned).map(([key, value]) =>
          value === null ? isNull(columnOf(table, key)) : eq(columnOf(table, key), value),
        ),
        ...rows.notNull.map((key) => isNotNull(columnOf(table, key))),
      ),
    ),
  ) as SQL;
}

import {
  type AdminAction,
  can,
  isScopedByView,
  RESOURCE_MESSAGES,
  type ResourceSpec,
  USER_TYPES,
  viewModuleOf,
} from '@facet/contract';
import type { AuthContext } from '../auth/authenticate.ts';
import { FORBIDDEN, holderOf } from '../http/access-plugin.ts';
import { HttpError } from '../http/envelope.ts';

type Pinned = Readonly<Record<string, unknown>>;

/**
 * What a user reaches of a resource scoped by view: null for every row, else the pinned filters of the
 * views whose module allows the action (a row is reached when it matches one of them). A resource
 * without view modules, a super admin, or a permitted view that pins nothing reach every row.
 */
export type Scope = readonly Pinned[] | null;

export function scopeOf(resource: ResourceSpec, auth: AuthContext, action: AdminAction): Scope {
  if (!isScopedByView(resource) || auth.user.type === USER_TYPES.SUPER_ADMIN) return null;
  const holder = holderOf(auth);
  const pinned: Pinned[] = [];
  for (const view of resource.views) {
    if (!can(holder, viewModuleOf(resource, view), action)) continue;
    if (!view.fixedFilter || Object.keys(view.fixedFilter).length === 0) return null;
    pinned.push(view.fixedFilter);
  }
  if (pinned.length === 0) throw new HttpError('E_FORBIDDEN', FORBIDDEN);
  return pinned;
}

const matches = (values: Readonly<Record<string, unknown>>, pinned: Pinned) =>
  Object.entries(pinned).every(([key, value]) => (values[key] ?? null) === value);

/** A record outside the scope is not found for this user (its existence is not revealed). */
export function assertRecordInScope(scope: Scope, record: Readonly<Record<string, unknown>>): void {
  if (scope && !scope.some((pinned) => matches(record, pinned))) {
    throw new HttpError('E_NOT_FOUND', RESOURCE_MESSAGES.notFound);
  }
}

/** Values to be written (a create, or an update merged over its record) must stay in the scope. */
export function assertValuesInScope(scope: Scope, values: Readonly<Record<string, unknown>>): void {
  if (scope && !scope.some((pinned) => matches(values, pinned)))
    throw new HttpError('E_FORBIDDEN', FORBIDDEN);
}

/**
 * A list filter narrowed to the scope: each pinned key filters on the values of the scope's views,
 * intersected with what the request asked (asking only for values outside the scope is forbidden).
 */
export function scopedFilter(
  scope: Scope,
  filter: Record<string, unknown> | undefined,
): Record<string, unknown> | undefined {
  if (!scope) return filter;
  const narrowed: Record<string, unknown> = { ...filter };
  const keys = new Set(scope.flatMap((pinned) => Object.keys(pinned)));
  for (const key of keys) {
    const allowed = [...new Set(scope.map((pinned) => pinned[key] ?? null))];
    const asked = narrowed[key];
    if (asked === undefined) {
      narrowed[key] = allowed.length === 1 ? allowed[0] : allowed;
      continue;
    }
    const kept = (Array.isArray(asked) ? asked : [asked]).filter((value) => allowed.includes(value));
    if (kept.length === 0) throw new HttpError('E_FORBIDDEN', FORBIDDEN);
    narrowed[key] = kept.length === 1 ? kept[0] : kept;
  }
  return narrowed;
}

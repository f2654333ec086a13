import { PERMISSION_SCOPE_CATALOGUE } from 'virtual:permission-catalogue';
import type { PermissionScope, PermissionSetEntry } from '@facet/contract';

/** Pure state of the permission matrix: one immutable row object per module, replaced only when it changes. */
export type Flags = Partial<Record<string, boolean>>;

export interface MatrixRow {
  id: number;
  module: string;
  title: string;
  /** A role's flags, or a user's override flags. */
  flags: Flags;
  /** Users only: the role's flags, and whether this module overrides them (else it follows the role). */
  roleFlags?: Flags;
  override?: boolean;
}

export type MatrixState = Readonly<Record<number, MatrixRow>>;
/** Whether the signed-in user may set this flag (nobody grants what they do not hold). */
export type CanGrant = (module: string, action: string) => boolean;

export function scopeActions(scope: PermissionScope): readonly string[] {
  return PERMISSION_SCOPE_CATALOGUE[scope].actions;
}

const flagsById = (entries: readonly PermissionSetEntry[]) =>
  new Map(entries.map((entry) => [entry.id, { ...entry.permissions } as Flags]));

export function buildRoleMatrix(scope: PermissionScope, entries: readonly PermissionSetEntry[]): MatrixState {
  const stored = flagsById(entries);
  return Object.fromEntries(
    PERMISSION_SCOPE_CATALOGUE[scope].modules.map((module) => [
      module.id,
      { id: module.id, module: module.module, title: module.title, flags: stored.get(module.id) ?? {} },
    ]),
  );
}

export function buildUserMatrix(
  scope: PermissionScope,
  role: readonly PermissionSetEntry[],
  overrides: readonly PermissionSetEntry[],
): MatrixState {
  const roleFlags = flagsById(role);
  const overrideFlags = flagsById(overrides);
  return Object.fromEntries(
    PERMISSION_SCOPE_CATALOGUE[scope].modules.map((module) => {
      const override = overrideFlags.get(module.id);
      return [
        module.id,
        {
          id: module.id,
          module: module.module,
          title: module.title,
          flags: override ?? {},
          roleFlags: roleFlags.get(module.id) ?? {},
          override: override !== undefined,
        },
      ];
    }),
  );
}

/** What the module grants: a role's flags, or for a user the override if any, else the role's. */
export function effectiveFlags(row: MatrixRow): Flags {
  return row.override === false ? (row.roleFlags ?? {}) : row.flags;
}

/** A user's module that follows its role is read-only until overridden. */
export function isEditable(row: MatrixRow): boolean {
  return row.override !== false;
}

function replaceRow(state: MatrixState, row: MatrixRow): MatrixState {
  return { ...state, [row.id]: row };
}

export function setFlag(state: MatrixState, id: number, action: string, value: boolean): MatrixState {
  const row = state[id];
  if (!row || !isEditable(row) || Boolean(row.flags[action]) === value) return state;
  return replaceRow(state, { ...row, flags: { ...row.flags, [action]: value } });
}

/** Every grantable flag of the row; the others keep their value. */
export function setRow(
  state: MatrixState,
  id: number,
  actions: readonly string[],
  value: boolean,
  canGrant: CanGrant,
): MatrixState {
  const row = state[id];
  if (!row) return state;
  let next = state;
  for (const action of actions) {
    if (canGrant(row.module, action)) next = setFlag(next, id, action, value);
  }
  return next;
}

/** One action over the given (visible, editable) rows. */
export function setColumn(
  state: MatrixState,
  ids: readonly number[],
  action: string,
  value: boolean,
  canGrant: CanGrant,
): MatrixState {
  let next = state;
  for (const id of ids) {
    const row = next[id];
    if (row && canGrant(row.module, action)) next = setFlag(next, id, action, value);
  }
  return next;
}

/** Overriding starts from the role's flags, so nothing changes until the admin ticks something. */
export function setOverride(state: MatrixState, id: number, override: boolean): MatrixState {
  const row = state[id];
  if (!row || row.override === undefined || row.override === override) return state;
  return replaceRow(state, { ...row, override, flags: override ? { ...(row.roleFlags ?? {}) } : {} });
}

export interface CheckState {
  checked: boolean;
  indeterminate: boolean;
  disabled: boolean;
}

function checkOf(values: boolean[]): CheckState {
  const on = values.filter(Boolean).length;
  return {
    checked: values.length > 0 && on === values.length,
    indeterminate: on > 0 && on < values.length,
    disabled: values.length === 0,
  };
}

export function columnCheck(state: MatrixState, ids: readonly number[], action: string, canGrant: CanGrant) {
  const rows = ids.map((id) => state[id]).filter((row): row is MatrixRow => row !== undefined);
  return checkOf(
    rows
      .filter((row) => isEditable(row) && canGrant(row.module, action))
      .map((row) => Boolean(row.flags[action])),
  );
}

export function rowCheck(row: MatrixRow, actions: readonly string[], canGrant: CanGrant): CheckState {
  if (!isEditable(row))
    return { ...checkOf(actions.map((action) => Boolean(effectiveFlags(row)[action]))), disabled: true };
  return checkOf(
    actions.filter((action) => canGrant(row.module, action)).map((action) => Boolean(row.flags[action])),
  );
}

/** Modules whose title or name contains the search text, in catalogue order. */
export function visibleIds(state: MatrixState, scope: PermissionScope, search: string): number[] {
  const needle = search.trim().toLowerCase();
  return PERMISSION_SCOPE_CATALOGUE[scope].modules
    .filter(
      (module) =>
        needle === '' ||
        module.title.toLowerCase().includes(needle) ||
        module.module.toLowerCase().includes(needle),
    )
    .map((module) => module.id)
    .filter((id) => state[id] !== undefined);
}

export interface UpsertItem {
  id: number;
  permissions: Record<string, boolean>;
}

/**
 * The full set to save: a role's rows with any flag on; a user's explicit overrides (an override with
 * every flag off is a deliberate denial, so it is kept).
 */
export function upsertItems(state: MatrixState, scope: PermissionScope): UpsertItem[] {
  const actions = scopeActions(scope);
  return PERMISSION_SCOPE_CATALOGUE[scope].modules
    .map((module) => state[module.id])
    .filter((row): row is MatrixRow => row !== undefined)
    .filter((row) =>
      row.override === undefined ? actions.some((action) => row.flags[action]) : row.override,
    )
    .map((row) => ({
      id: row.id,
      permissions: Object.fromEntries(actions.map((action) => [action, Boolean(row.flags[action])])),
    }));
}

export function isDirty(saved: MatrixState, current: MatrixState, scope: PermissionScope): boolean {
  return JSON.stringify(upsertItems(saved, scope)) !== JSON.stringify(upsertItems(current, scope));
}

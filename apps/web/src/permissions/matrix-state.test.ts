import { describe, expect, it } from 'vitest';
import {
  buildRoleMatrix,
  buildUserMatrix,
  columnCheck,
  effectiveFlags,
  isDirty,
  type MatrixState,
  setColumn,
  setFlag,
  setOverride,
  setRow,
  upsertItems,
  visibleIds,
} from './matrix-state.ts';

const all = () => true;
const rowOf = (state: MatrixState, id: number) => {
  const row = state[id];
  if (!row) throw new Error(`no row ${id}`);
  return row;
};
const banner = { id: 5, module: 'Banner', title: 'Banner', permissions: { view: true } };

describe('role matrix', () => {
  it('has a row per catalogue module, with the stored flags', () => {
    const state = buildRoleMatrix('admin', [banner]);
    expect(Object.keys(state)).toHaveLength(60);
    expect(state[5]?.flags).toEqual({ view: true });
    expect(Object.keys(buildRoleMatrix('customer', []))).toHaveLength(36);
  });

  it('saves only rows with a flag on, every action spelled out', () => {
    let state = buildRoleMatrix('admin', [banner]);
    state = setFlag(state, 14, 'insert', true);
    expect(upsertItems(state, 'admin')).toEqual([
      { id: 5, permissions: { view: true, insert: false, update: false, delete: false } },
      { id: 14, permissions: { view: false, insert: true, update: false, delete: false } },
    ]);
  });

  it('keeps untouched rows identical, so memoised rows skip rendering', () => {
    const state = buildRoleMatrix('admin', []);
    const next = setFlag(state, 5, 'view', true);
    expect(next[1]).toBe(state[1]);
    expect(next[5]).not.toBe(state[5]);
  });

  it('sets rows and columns only where the signed-in user may grant', () => {
    const onlyView = (_module: string, action: string) => action === 'view';
    let state = setRow(buildRoleMatrix('admin', []), 5, ['view', 'insert'], true, onlyView);
    expect(state[5]?.flags).toEqual({ view: true });
    state = setColumn(state, [1, 2], 'insert', true, onlyView);
    expect(state[1]?.flags).toEqual({});
    state = setColumn(state, [1, 2], 'view', true, all);
    expect(columnCheck(state, [1, 2, 3], 'view', all)).toEqual({
      checked: false,
      indeterminate: true,
      disabled: false,
    });
  });

  it('tracks unsaved changes by content, not by identity', () => {
    const saved = buildRoleMatrix('admin', [banner]);
    const edited = setFlag(saved, 5, 'insert', true);
    expect(isDirty(saved, edited, 'admin')).toBe(true);
    expect(isDirty(saved, setFlag(edited, 5, 'insert', false), 'admin')).toBe(false);
  });

  it('filters modules by title or name', () => {
    const state = buildRoleMatrix('admin', []);
    expect(visibleIds(state, 'admin', 'bann')).toEqual([5]);
    expect(visibleIds(state, 'admin', 'UserActive')).toEqual([202]);
  });
});

describe('user matrix', () => {
  it('follows the role until overridden, and overriding starts from the role', () => {
    let state = buildUserMatrix('admin', [banner], []);
    expect(effectiveFlags(rowOf(state, 5))).toEqual({ view: true });
    expect(setFlag(state, 5, 'insert', true)).toBe(state);
    state = setOverride(state, 5, true);
    state = setFlag(state, 5, 'view', false);
    expect(effectiveFlags(rowOf(state, 5))).toEqual({ view: false });
    expect(upsertItems(state, 'admin')).toEqual([
      { id: 5, permissions: { view: false, insert: false, update: false, delete: false } },
    ]);
  });

  it('drops an override when set back to inherit', () => {
    const state = buildUserMatrix('customer', [], [{ ...banner, id: 16, module: 'cart', title: 'Cart' }]);
    expect(upsertItems(state, 'customer')).toHaveLength(1);
    expect(upsertItems(setOverride(state, 16, false), 'customer')).toEqual([]);
  });
});

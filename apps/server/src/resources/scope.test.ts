import {
  ADMIN_MODULES,
  type AdminAction,
  type AdminModuleName,
  contactUsResource,
  feedbackResource,
  masterResource,
  RESOURCE_MESSAGES,
  settingResource,
  USER_TYPES,
  type UserType,
} from '@facet/contract';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import type { AuthContext } from '../access/authenticate.ts';
import { FORBIDDEN } from '../http/access-plugin.ts';
import { HttpError } from '../http/envelope.ts';
import { assertRecordInScope, assertValuesInScope, type Scope, scopeCondition, scopeOf } from './scope.ts';

const PARENT = '11111111-1111-4111-8111-111111111111';

const dialect = new PgDialect({ casing: 'snake_case' });

function rendered(condition: SQL | undefined): { text: string; params: unknown[] } {
  if (!condition) throw new Error('no condition');
  const query = dialect.sqlToQuery(condition);
  return { text: query.sql.replaceAll('"', ''), params: query.params };
}

type Grants = Record<AdminModuleName, readonly AdminAction[]>;

/** A signed-in user holding the given actions of the given modules; only what scope.ts reads is set. */
function userWith(grants: Grants, type: UserType = USER_TYPES.ADMIN): AuthContext {
  const admin = Object.entries(grants).map(([module, actions]) => {
    const known = ADMIN_MODULES.find((entry) => entry.module === module);
    if (!known) throw new Error(`unknown module ${module}`);
    return {
      ...known,
      permissions: {
        view: actions.includes('view'),
        insert: actions.includes('insert'),
        update: actions.includes('update'),
        delete: actions.includes('delete'),
      },
    };
  });
  return { user: { type }, permissions: { admin, customer: [] } } as unknown as AuthContext;
}

const ALL: readonly AdminAction[] = ['view', 'insert', 'update', 'delete'];
const contactOnly = userWith({ Contact: ALL });
const suggestionOnly = userWith({ Suggestion: ALL });
const both = userWith({ Contact: ALL, Suggestion: ALL });
const neither = userWith({ Banner: ALL });

/** What a call answers a user: nothing (allowed), or the refusal they see. */
function outcome(run: () => unknown): 'allowed' | { code: string; message: string } {
  try {
    run();
    return 'allowed';
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    return { code: error.code, message: error.message };
  }
}

const forbidden = { code: 'E_FORBIDDEN', message: FORBIDDEN };
const notFound = { code: 'E_NOT_FOUND', message: RESOURCE_MESSAGES.notFound };

describe('scopeOf: which views of a resource a user reaches', () => {
  it('reaches the rows of each view whose module the user holds, and only those', () => {
    expect(scopeOf(contactUsResource, contactOnly, 'view')).toEqual([
      { pinned: { type: 'contact' }, notNull: [] },
    ]);
    expect(scopeOf(contactUsResource, suggestionOnly, 'view')).toEqual([
      { pinned: { type: 'suggestion' }, notNull: [] },
    ]);
    expect(scopeOf(contactUsResource, both, 'view')).toEqual([
      { pinned: { type: 'contact' }, notNull: [] },
      { pinned: { type: 'suggestion' }, notNull: [] },
    ]);
  });

  it('refuses a user holding none of the views', () => {
    expect(outcome(() => scopeOf(contactUsResource, neither, 'view'))).toEqual(forbidden);
  });

  it('decides per action: a view held for reading only is not reached by a write', () => {
    const readsContact = userWith({ Contact: ['view'], Suggestion: ALL });
    expect(scopeOf(contactUsResource, readsContact, 'view')).toHaveLength(2);
    expect(scopeOf(contactUsResource, readsContact, 'insert')).toEqual([
      { pinned: { type: 'suggestion' }, notNull: [] },
    ]);
    expect(outcome(() => scopeOf(contactUsResource, userWith({ Contact: ['view'] }), 'delete'))).toEqual(
      forbidden,
    );
  });

  it('lets a super admin reach every row without holding any module', () => {
    expect(scopeOf(contactUsResource, userWith({}, USER_TYPES.SUPER_ADMIN), 'delete')).toBeNull();
  });

  it('reaches every row through a permitted view that pins nothing', () => {
    expect(scopeOf(settingResource, userWith({ 'General Settings': ['view'] }), 'view')).toBeNull();
    // Two screens of that module pin the same group.
    const notifications = scopeOf(settingResource, userWith({ 'Notification Settings': ['view'] }), 'view');
    expect(new Set(notifications?.map((rows) => JSON.stringify(rows)))).toEqual(
      new Set([JSON.stringify({ pinned: { group: 2 }, notNull: [] })]),
    );
  });

  it("leaves a resource whose views share its module to the route's own module check", () => {
    expect(scopeOf(feedbackResource, neither, 'view')).toBeNull();
  });
});

describe('scopeCondition: the rows a list shows', () => {
  it('narrows the list to the pinned values of the reached views', () => {
    const contact = rendered(
      scopeCondition(contactUsResource, scopeOf(contactUsResource, contactOnly, 'view'), {}),
    );
    expect(contact).toEqual({ text: 'contact_messages.type = $1', params: ['contact'] });
    const either = rendered(scopeCondition(contactUsResource, scopeOf(contactUsResource, both, 'view'), {}));
    expect(either).toEqual({
      text: '(contact_messages.type = $1 or contact_messages.type = $2)',
      params: ['contact', 'suggestion'],
    });
  });

  it('adds nothing when every row is reached', () => {
    expect(scopeCondition(contactUsResource, null, { type: 'suggestion' })).toBeUndefined();
  });

  it('forbids a filter asking only for rows outside the scope, rather than answering it empty', () => {
    const scope = scopeOf(contactUsResource, contactOnly, 'view');
    expect(outcome(() => scopeCondition(contactUsResource, scope, { type: 'suggestion' }))).toEqual(
      forbidden,
    );
    expect(outcome(() => scopeCondition(contactUsResource, scope, { type: ['suggestion', 'contact'] }))).toBe(
      'allowed',
    );
    expect(outcome(() => scopeCondition(contactUsResource, scope, { isResolved: true }))).toBe('allowed');
  });

  it('keeps a filter that asks for some rows outside the scope, still narrowed to the scope', () => {
    const scope = scopeOf(contactUsResource, contactOnly, 'view');
    expect(
      rendered(scopeCondition(contactUsResource, scope, { type: ['suggestion', 'contact'] })).params,
    ).toEqual(['contact']);
  });

  it('narrows a view of rows with or without a parent: main masters, sub-masters', () => {
    const mainOnly = scopeOf(masterResource, userWith({ 'Main Masters': ['view'] }), 'view');
    const subOnly = scopeOf(masterResource, userWith({ 'Sub Masters': ['view'] }), 'view');
    expect(rendered(scopeCondition(masterResource, mainOnly, undefined)).text).toBe(
      'masters.parent_id is null',
    );
    expect(rendered(scopeCondition(masterResource, subOnly, undefined)).text).toBe(
      'masters.parent_id is not null',
    );
    expect(outcome(() => scopeCondition(masterResource, subOnly, { parentId: null }))).toEqual(forbidden);
    expect(outcome(() => scopeCondition(masterResource, mainOnly, { parentId: PARENT }))).toEqual(forbidden);
    expect(outcome(() => scopeCondition(masterResource, subOnly, { parentId: [null, PARENT] }))).toBe(
      'allowed',
    );
  });
});

describe('assertRecordInScope: opening one record', () => {
  const contactScope = (): Scope => scopeOf(contactUsResource, contactOnly, 'view');

  it("answers a record outside the user's views as not found, so its existence is not revealed", () => {
    expect(outcome(() => assertRecordInScope(contactScope(), { type: 'suggestion' }))).toEqual(notFound);
    expect(outcome(() => assertRecordInScope(contactScope(), { type: 'contact' }))).toBe('allowed');
  });

  it('opens a record of either view for a user holding both, and any record for an unscoped user', () => {
    const scope = scopeOf(contactUsResource, both, 'view');
    expect(outcome(() => assertRecordInScope(scope, { type: 'suggestion' }))).toBe('allowed');
    expect(outcome(() => assertRecordInScope(null, { type: 'anything' }))).toBe('allowed');
  });

  it('reads a missing pinned value as empty, and a view of set values refuses an empty one', () => {
    const mainOnly = scopeOf(masterResource, userWith({ 'Main Masters': ['view'] }), 'view');
    const subOnly = scopeOf(masterResource, userWith({ 'Sub Masters': ['view'] }), 'view');
    expect(outcome(() => assertRecordInScope(mainOnly, { name: 'SHAPE' }))).toBe('allowed');
    expect(outcome(() => assertRecordInScope(subOnly, { parentId: null }))).toEqual(notFound);
    expect(outcome(() => assertRecordInScope(subOnly, { parentId: PARENT }))).toBe('allowed');
  });
});

describe('assertValuesInScope: writing a record', () => {
  it('forbids creating, or moving a record into, a view the user does not hold', () => {
    const scope = scopeOf(contactUsResource, contactOnly, 'insert');
    expect(outcome(() => assertValuesInScope(scope, { type: 'suggestion', name: 'A' }))).toEqual(forbidden);
    expect(outcome(() => assertValuesInScope(scope, { type: 'contact', name: 'A' }))).toBe('allowed');
  });

  it('lets a user holding both views write either, and a sub-master writer only rows with a parent', () => {
    const scope = scopeOf(contactUsResource, both, 'update');
    expect(outcome(() => assertValuesInScope(scope, { type: 'suggestion' }))).toBe('allowed');
    const subOnly = scopeOf(masterResource, userWith({ 'Sub Masters': ['insert'] }), 'insert');
    expect(outcome(() => assertValuesInScope(subOnly, { code: 'ROUND' }))).toEqual(forbidden);
    expect(outcome(() => assertValuesInScope(subOnly, { code: 'ROUND', parentId: PARENT }))).toBe('allowed');
  });
});

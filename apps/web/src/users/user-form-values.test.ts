import { USER_MESSAGES } from '@facet/contract';
import { describe, expect, it } from 'vitest';
import { emptyUserForm, markPrimary, validateUserForm } from './user-form-values.ts';

const valid = {
  ...emptyUserForm(2),
  name: 'Asha Patel',
  username: 'asha',
  emails: [{ value: 'asha@example.com', isPrimary: true }],
  password: 'long-enough',
};

describe('validateUserForm', () => {
  it('accepts a complete create form and sends the password', () => {
    const result = validateUserForm(valid, 'create');
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.payload).toMatchObject({ password: 'long-enough', designation: null });
  });

  it('puts list issues on the list and on the entry', () => {
    const result = validateUserForm(
      {
        ...valid,
        emails: [
          { value: 'nope', isPrimary: false },
          { value: 'b@example.com', isPrimary: false },
        ],
      },
      'create',
    );
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.fields).toContainEqual({
        name: ['emails', 0, 'value'],
        errors: [USER_MESSAGES.emailInvalid],
      });
      expect(result.fields).toContainEqual({ name: ['emails'], errors: [USER_MESSAGES.onePrimary] });
    }
  });

  it('requires an expiry for a guest when editing too, and never sends a password', () => {
    const result = validateUserForm({ ...valid, type: 4 }, 'edit');
    expect(result).toEqual({
      ok: false,
      fields: [{ name: ['expiresAt'], errors: [USER_MESSAGES.guestExpiryRequired] }],
    });
    const edit = validateUserForm(valid, 'edit');
    expect(edit.ok && 'password' in edit.payload).toBe(false);
  });
});

describe('markPrimary', () => {
  it('keeps exactly one primary entry', () => {
    const entries = [
      { value: 'a', isPrimary: true },
      { value: 'b', isPrimary: false },
    ];
    expect(markPrimary(entries, 1).map((entry) => entry.isPrimary)).toEqual([false, true]);
  });
});

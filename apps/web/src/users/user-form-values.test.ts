import { USER_MESSAGES } from '@facet/contract';
import dayjs from 'dayjs';
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

  it('leaves activation to its own call on edit, and the expiry to guests', () => {
    const edit = validateUserForm({ ...valid, isActive: false }, 'edit');
    expect(edit.ok && 'isActive' in edit.payload).toBe(false);
    const create = validateUserForm({ ...valid, isActive: false }, 'create');
    expect(create.ok && create.payload).toMatchObject({ isActive: false });
    const expiry = dayjs('2030-01-01T00:00:00Z');
    const staff = validateUserForm({ ...valid, expiresAt: expiry }, 'edit');
    expect(staff.ok && staff.payload).toMatchObject({ expiresAt: null });
    const guest = validateUserForm({ ...valid, type: 4, expiresAt: expiry }, 'edit');
    expect(guest.ok && guest.payload).toMatchObject({ expiresAt: expiry.toISOString() });
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

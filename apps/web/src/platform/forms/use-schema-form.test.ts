import { AUTH_MESSAGES, signInSchema } from '@facet/contract';
import { describe, expect, it } from 'vitest';
import { fieldErrors } from './use-schema-form.ts';

describe('fieldErrors', () => {
  it('maps each failing field to its contract message', () => {
    expect(fieldErrors(signInSchema, { username: '', password: '' })).toEqual({
      username: AUTH_MESSAGES.usernameInvalid,
      password: AUTH_MESSAGES.passwordRequired,
    });
  });

  it('is empty for valid values', () => {
    expect(fieldErrors(signInSchema, { username: 'admin', password: 'secret', remember: true })).toEqual({});
  });
});

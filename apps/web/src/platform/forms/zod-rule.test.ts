import {
  AUTH_MESSAGES,
  forgotPasswordEmailSchema,
  registerSchema,
  resetPasswordByUserSchema,
  signInSchema,
} from '@facet/contract';
import type { FormInstance, FormRule } from 'antd';
import { describe, expect, it } from 'vitest';
import { lazyZodRule, matchFieldRule, mustBeCheckedRule, zodRule } from './zod-rule.ts';

type Validator = (rule: unknown, value: unknown) => Promise<void>;

function validatorOf(rule: FormRule, values: Record<string, unknown> = {}): Validator {
  const resolved =
    typeof rule === 'function'
      ? rule({ getFieldValue: (name: string) => values[name] } as unknown as FormInstance)
      : rule;
  if (!resolved.validator) throw new Error('rule has no validator');
  return resolved.validator as Validator;
}

async function messageFor(rule: FormRule, value: unknown, values?: Record<string, unknown>) {
  try {
    await validatorOf(rule, values)({}, value);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

describe('zodRule', () => {
  it('reports the contract message for a missing or blank value', async () => {
    const rule = zodRule(signInSchema.shape.username);
    expect(await messageFor(rule, undefined)).toBe(AUTH_MESSAGES.usernameInvalid);
    expect(await messageFor(rule, '   ')).toBe(AUTH_MESSAGES.usernameInvalid);
    expect(await messageFor(rule, 'admin')).toBeNull();
  });

  it('reports the first failing check of a piped field', async () => {
    const rule = zodRule(forgotPasswordEmailSchema);
    expect(await messageFor(rule, '')).toBe(AUTH_MESSAGES.emailRequired);
    expect(await messageFor(rule, 'not-an-email')).toBe(AUTH_MESSAGES.emailInvalid);
    expect(await messageFor(rule, 'a@b.co')).toBeNull();
  });

  it('carries the minimum length message', async () => {
    const rule = zodRule(resetPasswordByUserSchema.shape.currentPassword);
    expect(await messageFor(rule, '')).toBe(AUTH_MESSAGES.oldPasswordRequired);
    expect(await messageFor(rule, 'short')).toBe(AUTH_MESSAGES.oldPasswordTooShort);
    expect(await messageFor(rule, 'long-enough')).toBeNull();
  });

  it('marks the field required unless told otherwise', () => {
    expect(zodRule(registerSchema.shape.name)).toMatchObject({ required: true });
    expect(zodRule(registerSchema.shape.name, { required: false })).toMatchObject({ required: false });
  });
});

describe('matchFieldRule', () => {
  const rule = matchFieldRule('password', AUTH_MESSAGES.passwordsInconsistent);

  it('fails when the retype differs', async () => {
    expect(await messageFor(rule, 'abcdefgh', { password: 'abcdefgi' })).toBe(
      AUTH_MESSAGES.passwordsInconsistent,
    );
  });

  it('passes on a match, and leaves an empty retype to the required rule', async () => {
    expect(await messageFor(rule, 'abcdefgh', { password: 'abcdefgh' })).toBeNull();
    expect(await messageFor(rule, '', { password: 'abcdefgh' })).toBeNull();
  });
});

describe('mustBeCheckedRule', () => {
  it('fails until ticked', async () => {
    const rule = mustBeCheckedRule(AUTH_MESSAGES.acceptRequired);
    expect(await messageFor(rule, undefined)).toBe(AUTH_MESSAGES.acceptRequired);
    expect(await messageFor(rule, true)).toBeNull();
  });
});

describe('lazyZodRule', () => {
  it('loads the schema once and validates with it', async () => {
    let loads = 0;
    const rule = lazyZodRule(async () => {
      loads += 1;
      return signInSchema.shape.password;
    });
    expect(await messageFor(rule, '')).toBe(AUTH_MESSAGES.passwordRequired);
    expect(await messageFor(rule, 'secret')).toBeNull();
    expect(loads).toBe(1);
  });
});

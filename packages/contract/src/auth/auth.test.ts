import { describe, expect, it } from 'vitest';
import {
  AUTH_MESSAGES,
  changePasswordSchema,
  forgotPasswordEmailSchema,
  loginSchema,
  registerSchema,
  resetPasswordByUserSchema,
  signInSchema,
} from './auth.ts';

function messagesOf(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  return Object.fromEntries(
    (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]),
  );
}

describe('auth payload schemas keep the legacy validation messages', () => {
  it('sign in requires username and password', () => {
    expect(messagesOf(signInSchema.safeParse({}))).toEqual({
      username: AUTH_MESSAGES.usernameInvalid,
      password: AUTH_MESSAGES.passwordRequired,
    });
    expect(messagesOf(signInSchema.safeParse({ username: '   ', password: '' }))).toEqual({
      username: 'The input is not valid Username!',
      password: 'Please input your Password!',
    });
    expect(signInSchema.parse({ username: ' admin ', password: 'secret' }).username).toBe('admin');
  });

  it('the code step requires the otp', () => {
    expect(messagesOf(loginSchema.safeParse({ username: 'a', password: 'b' }))).toEqual({
      otp: 'Please input your otp!',
    });
    expect(loginSchema.safeParse({ username: 'a', password: 'b', otp: '12345' }).success).toBe(false);
    expect(loginSchema.safeParse({ username: 'a', password: 'b', otp: '123456' }).success).toBe(true);
  });

  it('sign up checks name, e-mail and password', () => {
    expect(messagesOf(registerSchema.safeParse({}))).toEqual({
      name: 'Please input your username!',
      email: 'The input is not valid E-mail!',
      password: 'Please input your Password!',
    });
    expect(
      messagesOf(registerSchema.safeParse({ name: 'A', email: 'not-mail', password: 'longenough' })),
    ).toEqual({ email: 'The input is not valid E-mail!' });
  });

  it('forgot password distinguishes a missing from an invalid e-mail', () => {
    expect(forgotPasswordEmailSchema.safeParse('').error?.issues[0]?.message).toBe(
      'Please input your E-mail!',
    );
    expect(forgotPasswordEmailSchema.safeParse('nope').error?.issues[0]?.message).toBe(
      'The input is not valid E-mail!',
    );
  });

  it('the forced password change checks lengths and the retype', () => {
    expect(messagesOf(resetPasswordByUserSchema.safeParse({}))).toEqual({
      currentPassword: 'Please input your old password!',
      password: 'Please input your password!',
      newPassword: 'Please confirm your password!',
    });
    expect(
      messagesOf(
        resetPasswordByUserSchema.safeParse({
          currentPassword: 'short',
          password: 'short',
          newPassword: 'short',
        }),
      ),
    ).toEqual({
      currentPassword: 'Password must be minimum of 8 digit.',
      password: 'New Password must be minimum of 8 digit.',
    });
    expect(
      messagesOf(
        resetPasswordByUserSchema.safeParse({
          currentPassword: 'old-password',
          password: 'new-password',
          newPassword: 'other-password',
        }),
      ),
    ).toEqual({ newPassword: 'Two passwords that you enter is inconsistent!' });
  });

  it('the reset dialog requires new and confirm, and they must match', () => {
    expect(messagesOf(changePasswordSchema.safeParse({ currentPassword: 'x' }))).toEqual({
      newPassword: 'Please enter new password',
      ConfirmPassword: 'Please enter confirm password',
    });
    expect(
      messagesOf(
        changePasswordSchema.safeParse({
          currentPassword: 'x',
          newPassword: 'new-password',
          ConfirmPassword: 'new-passwort',
        }),
      ),
    ).toEqual({ ConfirmPassword: 'Password not matched' });
  });
});

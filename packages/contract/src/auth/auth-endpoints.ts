import { z } from 'zod';
import { defineEndpoint } from '../endpoints/endpoint.ts';
import {
  changePasswordSchema,
  forgotPasswordSchema,
  loginSchema,
  registerSchema,
  resetPasswordByTokenSchema,
  resetPasswordByUserSchema,
  signInSchema,
} from './auth.ts';
import {
  loginDataSchema,
  loginUserDataSchema,
  registerDataSchema,
  sendLoginOtpDataSchema,
} from './session-answers.ts';

const AUTH_TAG = 'Sign-in';

/**
 * The sign-in journey, sign-up, password changes and the session. The panel's public screens load this
 * module with their first call: it pulls zod, which the sign-in screen's first download must not.
 */
export const AUTH_ENDPOINTS = {
  sendLoginOtp: defineEndpoint({
    method: 'POST',
    path: 'admin/auth/send-login-otp',
    tag: AUTH_TAG,
    summary: 'Checks the credentials and mails a one-time code to the primary e-mail (step one of two).',
    access: { public: true },
    body: signInSchema,
    answer: { data: sendLoginOtpDataSchema },
  }),
  login: defineEndpoint({
    method: 'POST',
    path: 'admin/auth/login',
    tag: AUTH_TAG,
    summary: 'Checks the credentials and the one-time code, and answers a token (step two of two).',
    description:
      'An account still on its first password gets a short-lived token that only "auth/reset-password-by-user" accepts.',
    access: { public: true },
    body: loginSchema,
    answer: { data: loginDataSchema },
  }),
  getLoginUser: defineEndpoint({
    method: 'GET',
    path: 'admin/user-setting/get-login-user',
    tag: AUTH_TAG,
    summary: 'The signed-in user and their permissions.',
    access: { authenticated: true },
    answer: { data: loginUserDataSchema },
  }),
  register: defineEndpoint({
    method: 'POST',
    path: 'auth/register',
    tag: AUTH_TAG,
    summary: 'Creates an inactive account for an administrator to activate.',
    access: { public: true },
    body: registerSchema,
    answer: { data: registerDataSchema },
  }),
  forgotPassword: defineEndpoint({
    method: 'POST',
    path: 'auth/forgot-password',
    tag: AUTH_TAG,
    summary: 'Mails a reset link when the account exists; the answer is the same either way.',
    access: { public: true },
    body: forgotPasswordSchema,
    answer: { data: z.null() },
  }),
  resetPassword: defineEndpoint({
    method: 'POST',
    path: 'auth/reset-password',
    tag: AUTH_TAG,
    summary: 'Sets a new password with the token of a mailed reset link.',
    access: { public: true },
    body: resetPasswordByTokenSchema,
    answer: { data: z.null() },
  }),
  resetPasswordByUser: defineEndpoint({
    method: 'POST',
    path: 'auth/reset-password-by-user',
    tag: AUTH_TAG,
    summary: 'The forced change of a first password; every session of the user ends.',
    access: { authenticated: true, acceptsDefaultPasswordToken: true },
    body: resetPasswordByUserSchema,
    answer: { data: z.null() },
  }),
  changePassword: defineEndpoint({
    method: 'POST',
    path: 'auth/change-password',
    tag: AUTH_TAG,
    summary: "Changes the signed-in user's password; their other sessions end.",
    description:
      "The profile dialog's call. The legacy path was not recorded, so this one is the panel's own.",
    access: { authenticated: true },
    body: changePasswordSchema,
    answer: { data: z.null() },
  }),
  logout: defineEndpoint({
    method: 'POST',
    path: 'auth/logout',
    tag: AUTH_TAG,
    summary: 'Ends the session of the token.',
    access: { authenticated: true, acceptsDefaultPasswordToken: true },
    answer: { data: z.null() },
  }),
};

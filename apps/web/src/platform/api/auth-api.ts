import type { AUTH_ENDPOINTS, BodyIn } from '@facet/contract';
import { call } from './api-client.ts';
import { AUTH_REFS } from './auth-refs.ts';

type Auth = typeof AUTH_ENDPOINTS;

export const authApi = {
  sendLoginOtp: (body: BodyIn<Auth['sendLoginOtp']>) => call(AUTH_REFS.sendLoginOtp, body, { auth: 'none' }),
  login: (body: BodyIn<Auth['login']>) => call(AUTH_REFS.login, body, { auth: 'none' }),
  /** As the session holds it, or with the token given (a prefetch, whose answer is that token's). */
  getLoginUser: (token?: string) => call(AUTH_REFS.getLoginUser, undefined, token ? { auth: { token } } : {}),
  register: (body: BodyIn<Auth['register']>) => call(AUTH_REFS.register, body, { auth: 'none' }),
  forgotPassword: (body: BodyIn<Auth['forgotPassword']>) =>
    call(AUTH_REFS.forgotPassword, body, { auth: 'none' }),
  resetPassword: (body: BodyIn<Auth['resetPassword']>) =>
    call(AUTH_REFS.resetPassword, body, { auth: 'none' }),
  resetPasswordByUser: (body: BodyIn<Auth['resetPasswordByUser']>, temporaryToken: string) =>
    call(AUTH_REFS.resetPasswordByUser, body, { auth: { token: temporaryToken } }),
  changePassword: (body: BodyIn<Auth['changePassword']>) => call(AUTH_REFS.changePassword, body),
  logout: () => call(AUTH_REFS.logout, undefined, { toastErrors: false }),
};

import type { AUTH_ENDPOINTS, BodyIn } from '@facet/contract';
import { call } from './api-client.ts';

type Auth = typeof AUTH_ENDPOINTS;

const endpoints = () => import('./auth-endpoints.ts').then((module) => module.AUTH_ENDPOINTS);

export const authApi = {
  sendLoginOtp: async (body: BodyIn<Auth['sendLoginOtp']>) =>
    call((await endpoints()).sendLoginOtp, body, { auth: 'none' }),
  login: async (body: BodyIn<Auth['login']>) => call((await endpoints()).login, body, { auth: 'none' }),
  getLoginUser: async () => call((await endpoints()).getLoginUser),
  register: async (body: BodyIn<Auth['register']>) =>
    call((await endpoints()).register, body, { auth: 'none' }),
  forgotPassword: async (body: BodyIn<Auth['forgotPassword']>) =>
    call((await endpoints()).forgotPassword, body, { auth: 'none' }),
  resetPassword: async (body: BodyIn<Auth['resetPassword']>) =>
    call((await endpoints()).resetPassword, body, { auth: 'none' }),
  resetPasswordByUser: async (body: BodyIn<Auth['resetPasswordByUser']>, temporaryToken: string) =>
    call((await endpoints()).resetPasswordByUser, body, { auth: { token: temporaryToken } }),
  changePassword: async (body: BodyIn<Auth['changePassword']>) =>
    call((await endpoints()).changePassword, body),
  logout: async () => call((await endpoints()).logout, undefined, { toastErrors: false }),
};

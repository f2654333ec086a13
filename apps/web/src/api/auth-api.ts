import {
  API,
  type ChangePasswordPayload,
  type ForgotPasswordPayload,
  type LoginData,
  type LoginPayload,
  type LoginUserData,
  type RegisterData,
  type RegisterPayload,
  type ResetPasswordByTokenPayload,
  type ResetPasswordByUserPayload,
  type SendLoginOtpData,
  type SignInPayload,
} from '@facet/contract';
import { apiRequest } from './api-client.ts';

export const authApi = {
  sendLoginOtp: (body: SignInPayload) =>
    apiRequest<SendLoginOtpData>(API.sendLoginOtp, { body, auth: 'none' }),
  login: (body: LoginPayload) => apiRequest<LoginData>(API.login, { body, auth: 'none' }),
  getLoginUser: () => apiRequest<LoginUserData>(API.getLoginUser, { method: 'GET' }),
  register: (body: RegisterPayload) => apiRequest<RegisterData>(API.register, { body, auth: 'none' }),
  forgotPassword: (body: ForgotPasswordPayload) =>
    apiRequest<unknown>(API.forgotPassword, { body, auth: 'none' }),
  resetPassword: (body: ResetPasswordByTokenPayload) =>
    apiRequest<unknown>(API.resetPassword, { body, auth: 'none' }),
  resetPasswordByUser: (body: ResetPasswordByUserPayload, temporaryToken: string) =>
    apiRequest<unknown>(API.resetPasswordByUser, { body, auth: { token: temporaryToken } }),
  changePassword: (body: ChangePasswordPayload) => apiRequest<unknown>(API.changePassword, { body }),
  logout: () => apiRequest<unknown>(API.logout, { toastErrors: false }),
};

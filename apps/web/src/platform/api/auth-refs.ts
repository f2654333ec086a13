import { type AUTH_ENDPOINTS, endpointRefs } from '@facet/contract';

// The sign-in journey's calls and the login user's refresh, as refs (method, path and access rule, typed by
// their declarations): calling needs no schema, so neither sign-in nor the shell downloads the
// declarations and zod with them (docs/performance.md). A file apart from endpoint-refs.ts, which the
// sign-in screen has no room for. endpoint-refs.test.ts compares every ref with its declaration.

export const AUTH_REFS = endpointRefs<typeof AUTH_ENDPOINTS>()({
  sendLoginOtp: ['POST', 'admin/auth/send-login-otp', { public: true }],
  login: ['POST', 'admin/auth/login', { public: true }],
  getLoginUser: ['GET', 'admin/user-setting/get-login-user', { authenticated: true }],
  register: ['POST', 'auth/register', { public: true }],
  forgotPassword: ['POST', 'auth/forgot-password', { public: true }],
  resetPassword: ['POST', 'auth/reset-password', { public: true }],
  resetPasswordByUser: [
    'POST',
    'auth/reset-password-by-user',
    { authenticated: true, acceptsDefaultPasswordToken: true },
  ],
  changePassword: ['POST', 'auth/change-password', { authenticated: true }],
  logout: ['POST', 'auth/logout', { authenticated: true, acceptsDefaultPasswordToken: true }],
});

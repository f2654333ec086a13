import type { AdminPermissionEntry } from './access/admin-modules.ts';
import type { CustomerPermissionEntry } from './access/customer-modules.ts';
import type { LoginUser } from './user.ts';

/** API paths of spec section 7, relative to the server root (the server also accepts a leading slash). */
export const API = {
  health: 'health',
  sendLoginOtp: 'admin/auth/send-login-otp',
  login: 'admin/auth/login',
  getLoginUser: 'admin/user-setting/get-login-user',
  register: 'auth/register',
  forgotPassword: 'auth/forgot-password',
  resetPassword: 'auth/reset-password',
  resetPasswordByUser: 'auth/reset-password-by-user',
  /** The profile dialog's call; the legacy path was not recorded. */
  changePassword: 'auth/change-password',
  logout: 'auth/logout',
  loginLogPaginate: 'user/login/log/paginate',

  userPaginate: 'apis/user/paginate',
  userCreate: 'apis/user/create',
  /** GET reads, PUT updates, DELETE deletes. */
  userById: (id: string) => `apis/user/${id}`,
  userResetPassword: 'apis/user/reset-password',
  /** Activate or deactivate (module UserActive). */
  userActive: 'apis/user/active',
  guestPaginate: 'apis/guest/paginate',
  guestCreate: 'apis/guest/create',
  guestById: (id: string) => `apis/guest/${id}`,
  rolePaginate: 'apis/role/paginate',
  roleCreate: 'apis/role/create',
  roleById: (id: string) => `apis/role/${id}`,
  permissionUpsert: 'apis/permission/upsert',
  permissionPaginate: 'apis/permission/paginate',
  userPermission: 'apis/permission/user-permission',
  permissionViewByRole: (roleId: string) => `apis/permission/view-by-role/${roleId}`,
  /** Super admins only. */
  auditPaginate: 'apis/audit/paginate',
} as const;

/** Browser routes that mail links point at. */
export const PANEL_LINKS = {
  resetPassword: (resetId: string) => `/hkadmin/reset-password/${resetId}`,
} as const;

export interface SendLoginOtpData {
  username: string;
  /** The primary e-mail, masked: where the code went. */
  sentTo: string;
  expiresAt: string;
  resendAvailableAt: string;
}

export interface TokenData {
  jwt: string;
  expiresAt: string;
}

export interface UserPermissionsData {
  /** Admin modules (staff); empty for customer users. */
  data: AdminPermissionEntry[];
  /** Customer modules, for customer users (types 3, 4, 5). */
  customer?: CustomerPermissionEntry[];
}

/**
 * Sign-in answer. With `user.defaultPassword` the token is a short-lived one that only
 * `auth/reset-password-by-user` accepts, and `userPermissions.data` is empty.
 */
export interface LoginData {
  token: TokenData;
  user: LoginUser;
  userPermissions: UserPermissionsData;
}

export interface LoginUserData {
  user: LoginUser;
  userPermissions: UserPermissionsData;
}

export interface RegisterData {
  result: boolean;
  user: Pick<LoginUser, 'id' | 'name' | 'username' | 'emails' | 'isActive'>;
}

export const LOGIN_RESULTS = [
  'otp_sent',
  'success',
  'default_password',
  'unknown_user',
  'wrong_password',
  'inactive',
  'otp_invalid',
  'otp_expired',
  'rate_limited',
  /** A password set through a mailed reset link: it ends a sign-in lock-out of the account. */
  'password_reset',
] as const;
export type LoginResult = (typeof LOGIN_RESULTS)[number];

export interface LoginLogEntry {
  id: string;
  userId: string | null;
  username: string;
  result: LoginResult;
  ip: string;
  userAgent: string;
  createdAt: string;
}

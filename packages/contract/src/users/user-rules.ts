import type { PermissionScope } from '../access/permission-scopes.ts';
import { CUSTOMER_USER_TYPES, type UserType } from '../access/user-types.ts';
import { MIN_PASSWORD_LENGTH } from '../constants.ts';

// The user administration's wording and rules that need no schema, apart from user-admin.ts and free of
// zod: the user, guest and role lists read them.

export const USER_MESSAGES = {
  nameRequired: 'Please input the name!',
  usernameRequired: 'Please input the username!',
  usernameFormat: 'Use 3 to 64 letters, digits, dots, dashes, underscores or @.',
  emailRequired: 'Please add at least one e-mail.',
  emailInvalid: 'The input is not valid E-mail!',
  phoneInvalid: 'The input is not a valid phone number.',
  onePrimary: 'Mark exactly one entry as primary.',
  typeRequired: 'Please choose the user type.',
  passwordTooShort: `Password must be minimum of ${MIN_PASSWORD_LENGTH} digit.`,
  guestExpiryRequired: 'A guest needs an expiry date.',
  guestTypeOnly: 'Guests are of type guest or permanent guest.',
  expiryGuestOnly: 'Only a guest can have an expiry date.',
  roleNameRequired: 'Please input the role name!',
  accountNotFound: 'Choose a valid company.',
  accountCustomerOnly: 'Only customer users (customer, guest, permanent guest) belong to a company.',
  // Server answers.
  created: 'User created.',
  updated: 'User updated.',
  deleted: 'User deleted.',
  activated: 'User activated.',
  deactivated: 'User deactivated.',
  passwordReset: 'Password reset. The user must choose a new one at next sign-in.',
  duplicateUsername: 'This username is already taken.',
  duplicateEmail: 'This e-mail already belongs to another user.',
  lastSuperAdmin: 'The last active super admin cannot be deactivated, demoted or deleted.',
  superAdminOnly: 'Only a super admin can do this.',
  targetMorePrivileged: 'You cannot change a user who holds permissions you do not hold.',
  roleScopeMismatch: 'This role does not fit the user type.',
  roleGrantExceedsOwn: 'You cannot assign a role with permissions you do not hold.',
  roleActivationExceedsOwn: 'You cannot activate a role with permissions you do not hold.',
  roleHolderMorePrivileged: 'You cannot change a role held by a user who holds permissions you do not hold.',
  notFound: 'User not found.',
  roleNotFound: 'Role not found.',
  roleCreated: 'Role created.',
  roleUpdated: 'Role updated.',
  roleDeleted: 'Role deleted.',
  roleInUse: 'This role is assigned to users; assign them another role first.',
  duplicateRole: 'A role with this name already exists.',
  permissionsSaved: 'Permissions saved.',
} as const;

/** The scope of permission sets a user of this type carries. */
export function scopeOfUserType(type: UserType): PermissionScope {
  return CUSTOMER_USER_TYPES.includes(type) ? 'customer' : 'admin';
}

export const USER_SORT_KEYS = ['name', 'username', 'type', 'createdAt', 'lastLoginAt', 'expiresAt'] as const;

export const ROLE_SORT_KEYS = ['name', 'createdAt', 'userCount'] as const;

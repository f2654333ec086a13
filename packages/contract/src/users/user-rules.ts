import type { PermissionScope } from '../access/permission-scopes.ts';
import { CUSTOMER_USER_TYPES, type UserType } from '../access/user-types.ts';
import { MIN_PASSWORD_LENGTH } from '../constants.ts';

// The user administration's wording and rules that need no schema, apart from user-admin.ts and free of
// zod: the user, guest and role lists read them.

export const USER_MESSAGES = {
  nameRequired: 'Enter a name.',
  usernameRequired: 'Enter a username.',
  usernameFormat: 'Use 3 to 64 letters, digits, dots, dashes, underscores or @.',
  emailRequired: 'Add at least one e-mail.',
  emailInvalid: 'Enter a valid e-mail address.',
  phoneInvalid: 'Enter a valid phone number.',
  onePrimary: 'Mark exactly one entry as primary.',
  typeRequired: 'Choose a type.',
  passwordTooShort: `At least ${MIN_PASSWORD_LENGTH} characters.`,
  guestExpiryRequired: 'Choose the expiry date: a guest needs one.',
  guestTypeOnly: 'Choose guest or permanent guest as the type.',
  expiryGuestOnly: 'Leave the expiry date empty: only a guest has one.',
  roleNameRequired: 'Enter a role name.',
  accountNotFound: 'Choose a company from the list.',
  accountCustomerOnly: 'Only customer users (customer, guest, permanent guest) belong to a company.',
  // Server answers.
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

export const USER_TYPES = {
  SUPER_ADMIN: 1,
  ADMIN: 2,
  CUSTOMER: 3,
  GUEST: 4,
  PERMANENT_GUEST: 5,
  EMPLOYEE: 6,
} as const;
export type UserType = (typeof USER_TYPES)[keyof typeof USER_TYPES];

export const USER_TYPE_LABELS: Record<UserType, string> = {
  1: 'Super admin',
  2: 'Admin',
  3: 'Customer',
  4: 'Guest',
  5: 'Permanent guest',
  6: 'Employee',
};

/** Customer-side users carry the customer modules, staff carry the admin modules. */
export const CUSTOMER_USER_TYPES: readonly UserType[] = [3, 4, 5];
/** Panel staff: super admin, admin and employee (a sales person, an assignee is one of them). */
export const STAFF_USER_TYPES: readonly UserType[] = [1, 2, 6];

export interface ContactEntry {
  value: string;
  isPrimary: boolean;
}

/** Contact lists keep one primary entry; the panel shows the primary one, else the first. */
export function primaryContact(entries: readonly ContactEntry[] | undefined): string | undefined {
  if (!entries || entries.length === 0) return undefined;
  return (entries.find((entry) => entry.isPrimary) ?? entries[0])?.value;
}

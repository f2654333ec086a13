import {
  type ContactEntry,
  CUSTOMER_USER_TYPES,
  USER_MESSAGES,
  USER_TYPES,
  type UserCreatePayload,
  type UserRecord,
  type UserType,
  type UserUpdatePayload,
  userCreateSchema,
  userFieldsSchema,
} from '@facet/contract';
import type { Dayjs } from 'dayjs';
import { type FieldData, toFieldData } from '../platform/forms/field-paths.ts';

/** The drawer's form values: API payload fields, with the expiry as the DatePicker's Dayjs. */
export interface UserFormValues {
  type?: UserType;
  name: string;
  username: string;
  emails: ContactEntry[];
  phones: ContactEntry[];
  roleId: string | null;
  /** The company of a customer user (types 3, 4, 5). */
  accountId: string | null;
  designation: string;
  expiresAt: Dayjs | null;
  isActive: boolean;
  password?: string;
}

export function emptyUserForm(type: UserType | undefined): UserFormValues {
  return {
    type,
    name: '',
    username: '',
    emails: [{ value: '', isPrimary: true }],
    phones: [],
    roleId: null,
    accountId: null,
    designation: '',
    expiresAt: null,
    isActive: true,
    password: '',
  };
}

export function recordToForm(record: UserRecord, toDate: (iso: string) => Dayjs): UserFormValues {
  return {
    type: record.type,
    name: record.name,
    username: record.username,
    emails: record.emails.map((entry) => ({ ...entry })),
    phones: record.phones.map((entry) => ({ ...entry })),
    roleId: record.roleId,
    accountId: record.accountId,
    designation: record.designation ?? '',
    expiresAt: record.expiresAt ? toDate(record.expiresAt) : null,
    isActive: record.isActive,
  };
}

/** Lists may leave `isPrimary` unset on new rows; the contract wants booleans. */
const contacts = (entries: readonly ContactEntry[] | undefined): ContactEntry[] =>
  (entries ?? []).map((entry) => ({ value: entry.value ?? '', isPrimary: entry.isPrimary === true }));

/**
 * The fields an edit sends. Never `isActive`: activation is its own call (the list's Active switch,
 * UserActive permission), and an update cannot carry it. Only a guest keeps an expiry.
 */
export function formToFields(values: UserFormValues): UserUpdatePayload {
  const designation = values.designation?.trim() ?? '';
  return {
    type: values.type,
    name: values.name,
    username: values.username,
    emails: contacts(values.emails),
    phones: contacts(values.phones),
    roleId: values.roleId ?? null,
    accountId: values.type && CUSTOMER_USER_TYPES.includes(values.type) ? (values.accountId ?? null) : null,
    designation: designation === '' ? null : designation,
    expiresAt: values.type === USER_TYPES.GUEST && values.expiresAt ? values.expiresAt.toISOString() : null,
  };
}

export type UserFormResult =
  | { ok: true; payload: UserCreatePayload | UserUpdatePayload }
  | { ok: false; fields: FieldData[] };

/**
 * The contract schema checks the whole form on submit; lists (one primary e-mail, each address) can only
 * be checked as a whole, and the issues land on the matching fields. Editing never sends a password.
 */
export function validateUserForm(values: UserFormValues, mode: 'create' | 'edit'): UserFormResult {
  const fields = formToFields(values);
  if (mode === 'create') {
    const payload = {
      ...fields,
      isActive: values.isActive,
      password: values.password ?? '',
    } as UserCreatePayload;
    const result = userCreateSchema.safeParse(payload);
    return result.success ? { ok: true, payload } : { ok: false, fields: toFieldData(result.error.issues) };
  }
  const result = userFieldsSchema.safeParse(fields);
  const issues = result.success ? [] : [...result.error.issues];
  // userUpdateSchema cannot see the type and expiry together on a partial update; the form can.
  if (fields.type === USER_TYPES.GUEST && !fields.expiresAt) {
    issues.push({
      path: ['expiresAt'],
      message: USER_MESSAGES.guestExpiryRequired,
    } as (typeof issues)[number]);
  }
  return issues.length === 0 ? { ok: true, payload: fields } : { ok: false, fields: toFieldData(issues) };
}

/** Ticking one entry as primary unticks the others: the contract wants exactly one. */
export function markPrimary(entries: readonly ContactEntry[], index: number): ContactEntry[] {
  return entries.map((entry, position) => ({ ...entry, isPrimary: position === index }));
}

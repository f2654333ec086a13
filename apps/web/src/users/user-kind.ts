import { USER_TYPES, type UserType } from '@facet/contract';
import { GUEST_REFS, USER_REFS } from '../platform/api/endpoint-refs.ts';
import { guestApi, userApi } from '../platform/api/user-admin-api.ts';

/** What differs between the user and guest screens; everything else is shared. */
export interface UserKind {
  key: 'user' | 'guest';
  title: string;
  /** Its endpoints, whose access rules gate the screen's buttons. */
  endpoints: typeof USER_REFS | typeof GUEST_REFS;
  addLabel: string;
  noun: string;
  types: readonly UserType[];
  api: typeof guestApi;
  /** Guests carry an expiry column and an 'Expired' tag. */
  showExpiry: boolean;
}

export const USER_KIND: UserKind = {
  key: 'user',
  title: 'User',
  endpoints: USER_REFS,
  addLabel: 'Add user',
  noun: 'user',
  types: Object.values(USER_TYPES),
  api: userApi,
  showExpiry: false,
};

export const GUEST_KIND: UserKind = {
  key: 'guest',
  title: 'Guest',
  endpoints: GUEST_REFS,
  addLabel: 'Add guest',
  noun: 'guest',
  types: [USER_TYPES.GUEST, USER_TYPES.PERMANENT_GUEST],
  api: guestApi,
  showExpiry: true,
};

/** Query-key root of both lists: a change to a user refreshes either screen. */
export const usersKey = ['users'] as const;

import { STORAGE_KEYS } from '@facet/contract';

/** A user who signed in with a default password: only the forced change may use this short-lived token. */
export interface DefaultPasswordUser {
  userId: string;
  defaultPassword: true;
  token: string;
}

export function getDefaultPasswordUser(): DefaultPasswordUser | null {
  const raw = sessionStorage.getItem(STORAGE_KEYS.defaultPasswordUser);
  if (raw === null) return null;
  try {
    const value = JSON.parse(raw) as Partial<DefaultPasswordUser>;
    return typeof value.userId === 'string' && typeof value.token === 'string'
      ? { userId: value.userId, token: value.token, defaultPassword: true }
      : null;
  } catch {
    return null;
  }
}

export function setDefaultPasswordUser(value: DefaultPasswordUser): void {
  sessionStorage.setItem(STORAGE_KEYS.defaultPasswordUser, JSON.stringify(value));
}

export function clearDefaultPasswordUser(): void {
  sessionStorage.removeItem(STORAGE_KEYS.defaultPasswordUser);
}

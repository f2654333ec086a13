import {
  type AdminPermissionEntry,
  type LoginUser,
  type PermissionHolder,
  STORAGE_KEYS,
} from '@facet/contract';

export interface SessionSnapshot {
  token: string | null;
  user: LoginUser | null;
  permissions: AdminPermissionEntry[];
}

const listeners = new Set<() => void>();
let cached: SessionSnapshot | null = null;

function readJson<T>(key: string): T | null {
  const raw = localStorage.getItem(key);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    // A hand-edited or legacy value is treated as absent rather than crashing the panel.
    return null;
  }
}

function changed(): void {
  cached = null;
  for (const listener of listeners) listener();
}

/** Stable between writes, as useSyncExternalStore requires. */
export function getSessionSnapshot(): SessionSnapshot {
  cached ??= {
    token: localStorage.getItem(STORAGE_KEYS.token),
    user: readJson<LoginUser>(STORAGE_KEYS.user),
    permissions: readJson<AdminPermissionEntry[]>(STORAGE_KEYS.permission) ?? [],
  };
  return cached;
}

export function getToken(): string | null {
  return getSessionSnapshot().token;
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function saveToken(token: string): void {
  localStorage.setItem(STORAGE_KEYS.token, token);
  changed();
}

export function saveUser(user: LoginUser, permissions: readonly AdminPermissionEntry[]): void {
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
  localStorage.setItem(STORAGE_KEYS.permission, JSON.stringify(permissions));
  changed();
}

export function clearSession(): void {
  localStorage.removeItem(STORAGE_KEYS.token);
  localStorage.removeItem(STORAGE_KEYS.user);
  localStorage.removeItem(STORAGE_KEYS.permission);
  changed();
}

export function holderOf(snapshot: SessionSnapshot): PermissionHolder | null {
  return snapshot.user ? { type: snapshot.user.type, permissions: snapshot.permissions } : null;
}

// Another tab signing in or out changes what this tab may show.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === null || Object.values(STORAGE_KEYS).includes(event.key as never)) changed();
  });
}

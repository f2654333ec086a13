import { useSyncExternalStore } from 'react';
import { getSessionSnapshot, type SessionSnapshot, subscribeSession } from './session-store.ts';

export function useSession(): SessionSnapshot {
  return useSyncExternalStore(subscribeSession, getSessionSnapshot);
}

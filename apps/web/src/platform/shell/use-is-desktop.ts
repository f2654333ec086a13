import { DESKTOP_BREAKPOINT } from '@facet/contract';
import { useSyncExternalStore } from 'react';

const query = `(min-width: ${DESKTOP_BREAKPOINT}px)`;

function subscribe(onChange: () => void): () => void {
  const list = window.matchMedia(query);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

/** At or above the desktop breakpoint the sidebar is docked; below it, it becomes a drawer. */
export function useIsDesktop(): boolean {
  return useSyncExternalStore(subscribe, () => window.matchMedia(query).matches);
}

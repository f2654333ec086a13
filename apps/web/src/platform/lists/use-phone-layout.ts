import { useSyncExternalStore } from 'react';

/** Below this width a list's rows are cards: a table would show two columns and a scroll bar. */
const PHONE_MAX_WIDTH = 767;
const query = `(max-width: ${PHONE_MAX_WIDTH}px)`;

function subscribe(onChange: () => void): () => void {
  const list = window.matchMedia(query);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

/** Whether the screen is a phone's, where lists show cards. */
export function usePhoneLayout(): boolean {
  return useSyncExternalStore(subscribe, () => window.matchMedia(query).matches);
}

import { STORAGE_KEYS } from '@facet/contract';
import { useCallback, useState } from 'react';

function storedFolded(): boolean {
  try {
    return localStorage.getItem(STORAGE_KEYS.sidebarFolded) === 'true';
  } catch {
    return false;
  }
}

/** Whether the desk's sidebar shows only its icons; this browser remembers the choice. */
export function useSidebarFolded(): [boolean, (folded: boolean) => void] {
  const [folded, setFolded] = useState(storedFolded);
  const change = useCallback((next: boolean) => {
    setFolded(next);
    try {
      if (next) localStorage.setItem(STORAGE_KEYS.sidebarFolded, 'true');
      else localStorage.removeItem(STORAGE_KEYS.sidebarFolded);
    } catch {
      // Storage refused (a private window's quota): the choice holds until the page is left.
    }
  }, []);
  return [folded, change];
}

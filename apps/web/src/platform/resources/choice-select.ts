import { useEffect, useState } from 'react';

const DEBOUNCE_MS = 250;

/** Typed text, settled: the search a server-side choice sends once typing pauses. */
export function useDebouncedText(): [string, (text: string) => void] {
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(text.trim()), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  return [search, setText];
}

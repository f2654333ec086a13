import type { SelectProps } from 'antd';
import { useEffect, useState } from 'react';

/** What every reference choice takes: a Select's own props, and the current value's title when known. */
export type ChoiceSelectProps = Omit<SelectProps<string | null>, 'options' | 'onSearch' | 'showSearch'> & {
  /** The current value's title, when known (an edited record carries it). */
  currentTitle?: string;
};

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

import type { NotificationRecipientOption } from '@facet/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { notificationApi, notificationsKey } from './notification-api.ts';

const DEBOUNCE_MS = 250;
const CHOICES = 20;

interface RecipientSelectProps {
  kind: 'users' | 'companies';
  id?: string;
  value?: string[];
  onChange?: (value: string[]) => void;
  placeholder?: string;
  'aria-label'?: string;
}

/**
 * Users or companies picked by searching: `apis/notification/recipients` answers them to whoever may
 * send, whatever their User or Account permissions. Chosen entries keep their labels across searches.
 */
export function RecipientSelect({ kind, value, onChange, ...props }: RecipientSelectProps) {
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const known = useRef(new Map<string, NotificationRecipientOption>());
  useEffect(() => {
    const timer = setTimeout(() => setSearch(text.trim()), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const choices = useQuery({
    queryKey: [...notificationsKey, 'recipients', kind, search],
    queryFn: () => notificationApi.recipients({ kind, limit: CHOICES, ...(search ? { search } : {}) }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
  const options = useMemo(() => {
    for (const option of choices.data ?? []) known.current.set(option.value, option);
    const listed = new Set((choices.data ?? []).map((option) => option.value));
    const chosen = (value ?? []).filter((id) => !listed.has(id)).map((id) => known.current.get(id));
    return [...chosen, ...(choices.data ?? [])].flatMap((option) =>
      option
        ? [
            {
              value: option.value,
              label: option.label,
              title: option.description ?? option.label,
              description: option.description,
            },
          ]
        : [],
    );
  }, [choices.data, value]);

  return (
    <Select
      {...props}
      mode="multiple"
      allowClear
      value={value ?? []}
      onChange={(next: string[]) => onChange?.(next)}
      showSearch={{ filterOption: false, onSearch: setText }}
      loading={choices.isFetching}
      options={options}
      optionRender={(option) => (
        <span>
          {option.label}
          {option.data.description ? (
            <span style={{ color: 'rgba(0,0,0,0.45)', marginLeft: 8 }}>{option.data.description}</span>
          ) : null}
        </span>
      )}
      notFoundContent={choices.isFetching ? 'Loading…' : 'No matches'}
    />
  );
}

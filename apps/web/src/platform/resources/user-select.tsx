import { USER_REFERENCE } from '@facet/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useMemo } from 'react';
import type { ChoiceSelectProps } from '../modules/web-module.ts';
import { usePermissions } from '../session/use-holder.ts';
import { useDebouncedText } from './choice-select.ts';
import { useReferenceTitle } from './reference-select.tsx';
import { resourceKey } from './resource-api.ts';
import { userChoicesApi } from './user-choices.ts';

const CHOICES = 20;

/**
 * A choice of an active staff user, searched on the server by name, username or e-mail. Listing users
 * takes the User module: without it the control keeps the current user and says why it offers no other.
 */
export function UserSelect({ currentTitle, value, ...props }: ChoiceSelectProps) {
  const { can } = usePermissions();
  const allowed = can('User', 'view');
  const [search, setText] = useDebouncedText();
  const choices = useQuery({
    queryKey: [...resourceKey(USER_REFERENCE), 'choices', search],
    queryFn: () => userChoicesApi.search(search, CHOICES),
    enabled: allowed,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
  const listed = choices.data ?? [];
  const selectedListed = listed.some((user) => user.id === value);
  const selectedTitle = useReferenceTitle(USER_REFERENCE, selectedListed ? null : value, currentTitle);
  const options = useMemo(() => {
    const all = listed.map((user) => ({ value: user.id, label: user.name }));
    if (value && !selectedListed) all.unshift({ value, label: selectedTitle ?? '…' });
    return all;
  }, [listed, value, selectedListed, selectedTitle]);

  return (
    <Select<string | null>
      allowClear
      {...props}
      value={value ?? null}
      showSearch={{ filterOption: false, onSearch: setText }}
      loading={choices.isFetching}
      options={options}
      notFoundContent={
        !allowed || choices.isError
          ? 'You may not list users.'
          : choices.isFetching
            ? 'Loading…'
            : 'No matches'
      }
    />
  );
}

import { USER_REFERENCE } from '@facet/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useMemo } from 'react';
import type { ChoiceSelectProps } from '../modules/web-module.ts';
import { usePermissions } from '../session/use-holder.ts';
import { useDebouncedText } from './choice-select.ts';
import { useReferenceTitle } from './reference-select.tsx';
import { resourceKey } from './resource-api.ts';
import { type UserAudience, userChoicesApi } from './user-choices.ts';

const CHOICES = 20;

/**
 * A choice of an active staff user (or, for `audience="customers"`, customer user), searched on the
 * server by name, username or e-mail. Listing users takes the User module: without it the control keeps
 * the current user and says why it offers no other.
 */
export function UserSelect({
  currentTitle,
  value,
  audience = 'staff',
  ...props
}: ChoiceSelectProps & { audience?: UserAudience }) {
  const { can } = usePermissions();
  const allowed = can('User', 'view');
  const [search, setText] = useDebouncedText();
  const choices = useQuery({
    queryKey: [...resourceKey(USER_REFERENCE), 'choices', audience, search],
    queryFn: () => userChoicesApi.search(search, CHOICES, audience),
    enabled: allowed,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
  const listed = choices.data ?? [];
  const selectedListed = listed.some((user) => user.id === value);
  const selectedTitle = useReferenceTitle(USER_REFERENCE, selectedListed ? null : value, currentTitle);
  const options = useMemo(() => {
    // Customers are told apart by their username too: several may share a name across companies.
    const all = listed.map((user) => ({
      value: user.id,
      label: audience === 'customers' ? `${user.name} (${user.username})` : user.name,
    }));
    if (value && !selectedListed) all.unshift({ value, label: selectedTitle ?? '…' });
    return all;
  }, [listed, value, selectedListed, selectedTitle, audience]);

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
          ? `You may not list ${audience === 'customers' ? 'customers' : 'users'}.`
          : choices.isFetching
            ? 'Loading…'
            : 'No matches'
      }
    />
  );
}

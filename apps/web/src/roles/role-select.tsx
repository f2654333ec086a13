import type { PermissionScope } from '@facet/contract';
import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import type { CSSProperties } from 'react';
import { roleApi } from '../platform/api/user-admin-api.ts';
import { rolesKey } from './role-labels.ts';

/** Enough for any role list this panel meets; the paginate maximum is 500. */
const ROLE_OPTION_LIMIT = 500;

export const roleOptionsKey = [...rolesKey, 'options'] as const;

export function useRoleOptions(scope?: PermissionScope) {
  return useQuery({
    queryKey: [...roleOptionsKey, scope ?? 'all'],
    queryFn: () =>
      roleApi.paginate({
        page: 1,
        limit: ROLE_OPTION_LIMIT,
        sort: { name: 'asc' },
        ...(scope ? { filter: { scope } } : {}),
      }),
    select: (data) => data.list.map((role) => ({ value: role.id, label: role.name, scope: role.scope })),
    staleTime: 30_000,
  });
}

interface RoleSelectProps {
  id?: string;
  value?: string | null;
  onChange?: (value: string | null) => void;
  /** Only roles of this scope (a user's type decides it). */
  scope?: PermissionScope;
  placeholder?: string;
  style?: CSSProperties;
  'aria-label'?: string;
}

export function RoleSelect({
  value,
  onChange,
  scope,
  placeholder = 'Select a role',
  ...rest
}: RoleSelectProps) {
  const { data, isPending } = useRoleOptions(scope);
  return (
    <Select
      {...rest}
      showSearch={{ optionFilterProp: 'label' }}
      allowClear
      loading={isPending}
      placeholder={placeholder}
      options={data ?? []}
      value={value ?? undefined}
      onChange={(next) => onChange?.(next ?? null)}
    />
  );
}

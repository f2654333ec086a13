import PlusOutlined from '@ant-design/icons/es/icons/PlusOutlined';
import { CUSTOMER_USER_TYPES, USER_SORT_KEYS, USER_TYPE_LABELS, type UserRecord } from '@facet/contract';
import { Button, Select } from 'antd';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { AUDIT_REFS, USER_REFS } from '../platform/api/endpoint-refs.ts';
import { panelPath } from '../platform/app/paths.ts';
import { ListToolbar } from '../platform/lists/list-toolbar.tsx';
import { PageHeader } from '../platform/lists/page-header.tsx';
import { ScreenCard } from '../platform/lists/screen-card.tsx';
import { ServerTable } from '../platform/lists/server-table.tsx';
import { usePaginatedList } from '../platform/lists/use-paginated-list.ts';
import { ReferenceSelect } from '../platform/resources/reference-select.tsx';
import { usePermissions } from '../platform/session/use-holder.ts';
import { RoleSelect } from '../roles/role-select.tsx';
import { userColumns } from './user-columns.tsx';
import { type UserKind, usersKey } from './user-kind.ts';

// The form (with DatePicker and the contract schemas) and the dialogs load when first opened.
const UserFormDrawer = lazy(() =>
  import('./user-form-drawer.tsx').then((module) => ({ default: module.UserFormDrawer })),
);
const ResetPasswordModal = lazy(() =>
  import('./reset-password-modal.tsx').then((module) => ({ default: module.ResetPasswordModal })),
);
const UserHistoryDrawer = lazy(() =>
  import('./user-history-drawer.tsx').then((module) => ({ default: module.UserHistoryDrawer })),
);

const FILTERS = { type: 'numbers', roleId: 'string', accountId: 'string', isActive: 'boolean' } as const;
const DEFAULTS = { sort: { key: 'createdAt', direction: 'desc' } } as const;
const ACTIVE_OPTIONS = [
  { value: 'true', label: 'Active' },
  { value: 'false', label: 'Inactive' },
];

/**
 * The user and guest screens: a server-paginated list with filters, and the drawers and dialogs it opens.
 * Filter labels avoid the words of the form's labels (Type, Role, Active), so a label finds one field.
 */
export function UserListPage({ kind }: { kind: UserKind }) {
  const navigate = useNavigate();
  const { can, canCall } = usePermissions();
  const [editing, setEditing] = useState<UserRecord | 'new' | null>(null);
  const [resetting, setResetting] = useState<UserRecord | null>(null);
  const [history, setHistory] = useState<UserRecord | null>(null);
  const list = usePaginatedList({
    queryKey: [...usersKey, kind.key],
    fetch: kind.api.paginate,
    filters: FILTERS,
    sortKeys: USER_SORT_KEYS,
    defaults: DEFAULTS,
  });
  const { filter } = list.params;

  const columns = useMemo(
    () =>
      userColumns(kind, {
        canToggleActive: canCall(USER_REFS.setActive),
        onEdit: canCall(kind.endpoints.update) ? setEditing : undefined,
        onResetPassword: canCall(USER_REFS.resetPassword) ? setResetting : undefined,
        onPermissions: can('UserPagePermission', 'view')
          ? (user) => void navigate(panelPath(`permission/user/${user.id}`))
          : undefined,
        onHistory: canCall(AUDIT_REFS.paginate) ? setHistory : undefined,
      }),
    [kind, can, canCall, navigate],
  );

  return (
    <ScreenCard>
      <PageHeader
        title={kind.title}
        extra={
          canCall(kind.endpoints.create) && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
              {kind.addLabel}
            </Button>
          )
        }
      />
      <ListToolbar list={list} placeholder="Search name, username, e-mail or phone">
        <Select
          mode="multiple"
          allowClear
          aria-label="Filter by category"
          placeholder="Type"
          style={{ minWidth: 180 }}
          maxTagCount="responsive"
          options={kind.types.map((value) => ({ value, label: USER_TYPE_LABELS[value] }))}
          value={(filter.type as number[] | undefined) ?? []}
          onChange={(value: number[]) => list.setFilter('type', value)}
        />
        <RoleSelect
          aria-label="Filter by group"
          placeholder="Role"
          style={{ minWidth: 180 }}
          value={(filter.roleId as string | undefined) ?? null}
          onChange={(value) => list.setFilter('roleId', value ?? undefined)}
        />
        {kind.types.some((type) => CUSTOMER_USER_TYPES.includes(type)) &&
          (can('Account', 'view') || filter.accountId !== undefined) && (
            <ReferenceSelect
              resourceName="account"
              aria-label="Filter by company"
              placeholder="Company"
              style={{ minWidth: 180 }}
              value={(filter.accountId as string | undefined) ?? null}
              onChange={(value) => list.setFilter('accountId', value ?? undefined)}
            />
          )}
        <Select
          allowClear
          aria-label="Filter by status"
          placeholder="Status"
          style={{ width: 130 }}
          options={ACTIVE_OPTIONS}
          value={filter.isActive === undefined ? undefined : String(filter.isActive)}
          onChange={(value?: string) =>
            list.setFilter('isActive', value === undefined ? undefined : value === 'true')
          }
        />
      </ListToolbar>
      <ServerTable list={list} columns={columns} rowKey="id" emptyText={`No ${kind.noun}s found`} />
      <Suspense>
        {editing !== null && <UserFormDrawer kind={kind} target={editing} onClose={() => setEditing(null)} />}
        {resetting !== null && <ResetPasswordModal user={resetting} onClose={() => setResetting(null)} />}
        {history !== null && <UserHistoryDrawer user={history} onClose={() => setHistory(null)} />}
      </Suspense>
    </ScreenCard>
  );
}

import PlusOutlined from '@ant-design/icons/es/icons/PlusOutlined';
import { PERMISSION_SCOPES, ROLE_SORT_KEYS, type RoleRecord } from '@facet/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Select, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { ROLE_REFS } from '../platform/api/endpoint-refs.ts';
import { roleApi } from '../platform/api/user-admin-api.ts';
import { panelPath } from '../platform/app/paths.ts';
import { toast } from '../platform/app/toast.ts';
import { oneLineCells } from '../platform/lists/column-width.ts';
import { formatDateTime } from '../platform/lists/format.ts';
import { ListToolbar } from '../platform/lists/list-toolbar.tsx';
import { PageHeader } from '../platform/lists/page-header.tsx';
import { ConfirmDelete, ROW_ACTIONS_WIDTH, RowActions } from '../platform/lists/row-actions.tsx';
import { ScreenCard } from '../platform/lists/screen-card.tsx';
import { ServerTable } from '../platform/lists/server-table.tsx';
import { usePaginatedList } from '../platform/lists/use-paginated-list.ts';
import { usePermissions } from '../platform/session/use-holder.ts';
import { rolesKey, scopeLabel } from './role-labels.ts';

// The form loads when first opened.
const RoleFormDrawer = lazy(() =>
  import('./role-form-drawer.tsx').then((module) => ({ default: module.RoleFormDrawer })),
);

const FILTERS = { scope: 'string', isActive: 'boolean' } as const;
const DEFAULTS = { sort: { key: 'name', direction: 'asc' } } as const;

/** `/hkadmin/rolemaster` (module User): roles, their users count, and a way to their permissions. */
export function RolePage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { canCall } = usePermissions();
  const [editing, setEditing] = useState<RoleRecord | 'new' | null>(null);
  const [deleting, setDeleting] = useState<RoleRecord | null>(null);
  const list = usePaginatedList({
    queryKey: rolesKey,
    fetch: roleApi.paginate,
    filters: FILTERS,
    sortKeys: ROLE_SORT_KEYS,
    defaults: DEFAULTS,
  });
  // The server refuses a role in use; the client toasts its message.
  const remove = useMutation({
    mutationFn: (role: RoleRecord) => roleApi.remove(role.id),
    onSuccess: (envelope) => {
      toast.success(envelope.message);
      void queryClient.invalidateQueries({ queryKey: rolesKey });
    },
  });
  const canUpdate = canCall(ROLE_REFS.update);
  const canDelete = canCall(ROLE_REFS.remove);

  const columns = useMemo<ColumnsType<RoleRecord>>(
    () =>
      oneLineCells<RoleRecord>([
        {
          title: 'Actions',
          key: 'actions',
          fixed: 'start',
          width: ROW_ACTIONS_WIDTH,
          render: (_, role) => (
            <RowActions
              onEdit={canUpdate ? () => setEditing(role) : undefined}
              items={[
                {
                  key: 'permissions',
                  label: 'Permissions',
                  onClick: () => void navigate(panelPath(`permission/role/${role.id}`)),
                },
                ...(canDelete
                  ? [{ key: 'delete', label: 'Delete', danger: true, onClick: () => setDeleting(role) }]
                  : []),
              ]}
            />
          ),
        },
        { title: 'Name', key: 'name', dataIndex: 'name', width: 200 },
        { title: 'Scope', key: 'scope', dataIndex: 'scope', width: 140, render: scopeLabel },
        {
          title: 'Description',
          key: 'description',
          dataIndex: 'description',
          width: 240,
          render: (text) => text ?? '—',
        },
        { title: 'Users', key: 'userCount', dataIndex: 'userCount', width: 100, align: 'end' },
        {
          title: 'Active',
          key: 'isActive',
          dataIndex: 'isActive',
          width: 100,
          render: (active: boolean) => (active ? <Tag color="green">Active</Tag> : <Tag>Inactive</Tag>),
        },
        { title: 'Created', key: 'createdAt', dataIndex: 'createdAt', width: 170, render: formatDateTime },
      ]),
    [canUpdate, canDelete, navigate],
  );

  return (
    <ScreenCard>
      <PageHeader
        title="Role master"
        extra={
          canCall(ROLE_REFS.create) && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
              Add role
            </Button>
          )
        }
      />
      <ListToolbar list={list} placeholder="Search roles">
        <Select
          allowClear
          aria-label="Filter by staff or customer"
          placeholder="Scope"
          style={{ width: 160 }}
          options={PERMISSION_SCOPES.map((scope) => ({ value: scope, label: scopeLabel(scope) }))}
          value={list.params.filter.scope as string | undefined}
          onChange={(value?: string) => list.setFilter('scope', value)}
        />
        <Select
          allowClear
          aria-label="Filter by status"
          placeholder="Status"
          style={{ width: 130 }}
          options={[
            { value: 'true', label: 'Active' },
            { value: 'false', label: 'Inactive' },
          ]}
          value={list.params.filter.isActive === undefined ? undefined : String(list.params.filter.isActive)}
          onChange={(value?: string) =>
            list.setFilter('isActive', value === undefined ? undefined : value === 'true')
          }
        />
      </ListToolbar>
      <ServerTable list={list} columns={columns} rowKey="id" emptyText="No roles found" />
      {deleting && (
        <ConfirmDelete
          what="Role"
          name={deleting.name}
          detail={deleting.userCount > 0 ? `${deleting.userCount} users have this role.` : undefined}
          onConfirm={() => remove.mutateAsync(deleting)}
          onClose={() => setDeleting(null)}
        />
      )}
      <Suspense>
        {editing !== null && <RoleFormDrawer target={editing} onClose={() => setEditing(null)} />}
      </Suspense>
    </ScreenCard>
  );
}

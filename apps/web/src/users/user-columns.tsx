import { primaryContact, USER_TYPE_LABELS, type UserRecord } from '@facet/contract';
import { Flex, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { oneLineCells } from '../platform/lists/column-width.ts';
import { formatDateTime } from '../platform/lists/format.ts';
import { ROW_ACTIONS_WIDTH, RowActions, type RowMenuItem } from '../platform/lists/row-actions.tsx';
import { ActiveSwitch } from './active-switch.tsx';
import type { UserKind } from './user-kind.ts';

export interface UserRowActions {
  canToggleActive: boolean;
  onEdit?: (user: UserRecord) => void;
  onResetPassword?: (user: UserRecord) => void;
  onPermissions?: (user: UserRecord) => void;
  onHistory?: (user: UserRecord) => void;
}

function isExpired(iso: string | null): boolean {
  return iso !== null && new Date(iso).getTime() < Date.now();
}

function UserActions({ user, actions }: { user: UserRecord; actions: UserRowActions }) {
  const item = (key: string, label: string, run?: (user: UserRecord) => void): RowMenuItem[] =>
    run ? [{ key, label, onClick: () => run(user) }] : [];
  const { onEdit } = actions;
  return (
    <RowActions
      onEdit={onEdit && (() => onEdit(user))}
      items={[
        ...item('reset', 'Reset Password', actions.onResetPassword),
        ...item('permissions', 'Permissions', actions.onPermissions),
        ...item('history', 'History', actions.onHistory),
      ]}
    />
  );
}

/** Columns keyed by the contract's sort keys where the server can sort by them. */
export function userColumns(kind: UserKind, actions: UserRowActions): ColumnsType<UserRecord> {
  // Who, then state (type, active, expiry) while the table is still unscrolled; contact and dates after.
  const columns: ColumnsType<UserRecord> = [
    {
      title: 'Actions',
      key: 'actions',
      fixed: 'start',
      width: ROW_ACTIONS_WIDTH,
      render: (_, user) => <UserActions user={user} actions={actions} />,
    },
    { title: 'Name', key: 'name', dataIndex: 'name', fixed: 'start', width: 150 },
    { title: 'Username', key: 'username', dataIndex: 'username', width: 120 },
    { title: 'E-mail', key: 'email', width: 200, render: (_, user) => primaryContact(user.emails) ?? '—' },
    {
      title: 'Type',
      key: 'type',
      dataIndex: 'type',
      width: 130,
      render: (type: UserRecord['type']) => USER_TYPE_LABELS[type],
    },
    {
      title: 'Active',
      key: 'active',
      width: 90,
      render: (_, user) => <ActiveSwitch user={user} editable={actions.canToggleActive} />,
    },
  ];
  if (kind.showExpiry) {
    columns.push({
      title: 'Expires',
      key: 'expiresAt',
      dataIndex: 'expiresAt',
      width: 210,
      render: (iso: string | null) =>
        iso === null ? (
          'Never'
        ) : (
          <Flex gap={4} align="center">
            {formatDateTime(iso)}
            {isExpired(iso) && <Tag color="red">Expired</Tag>}
          </Flex>
        ),
    });
  }
  columns.push(
    { title: 'Role', key: 'role', dataIndex: 'roleName', width: 130, render: (name) => name ?? '—' },
    { title: 'Phone', key: 'phone', width: 140, render: (_, user) => primaryContact(user.phones) ?? '—' },
  );
  columns.push(
    {
      title: 'Last sign-in',
      key: 'lastLoginAt',
      dataIndex: 'lastLoginAt',
      width: 160,
      render: (iso: string | null) => formatDateTime(iso),
    },
    {
      title: 'Created',
      key: 'createdAt',
      dataIndex: 'createdAt',
      width: 160,
      render: (iso: string) => formatDateTime(iso),
    },
  );
  return oneLineCells(columns);
}

import { primaryContact } from '@facet/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Col, Row, Select, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { userApi } from '../platform/api/user-admin-api.ts';
import { panelPath } from '../platform/app/paths.ts';
import { usePermissions } from '../platform/session/use-holder.ts';
import { RoleSelect } from '../roles/role-select.tsx';

const USER_OPTION_LIMIT = 20;

function UserSearchSelect({ onPick }: { onPick: (id: string) => void }) {
  const [search, setSearch] = useState('');
  const users = useQuery({
    queryKey: ['users', 'options', search],
    queryFn: () =>
      userApi.paginate({
        page: 1,
        limit: USER_OPTION_LIMIT,
        search: search || undefined,
        sort: { name: 'asc' },
      }),
    placeholderData: keepPreviousData,
  });
  return (
    <Select
      aria-label="User"
      showSearch={{ filterOption: false, onSearch: setSearch }}
      placeholder="Search by name, username or e-mail"
      loading={users.isFetching}
      style={{ width: '100%' }}
      options={(users.data?.list ?? []).map((user) => ({
        value: user.id,
        label: `${user.name} (${primaryContact(user.emails) ?? user.username})`,
      }))}
      onChange={(id: string) => onPick(id)}
    />
  );
}

/** `/hkadmin/permission` without a target: choose a role or a user. */
export function PermissionPicker() {
  const navigate = useNavigate();
  const { can } = usePermissions();
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} md={12}>
        <Card title="Role permissions" size="small">
          <Typography.Paragraph type="secondary">
            Every user of the role gets these permissions.
          </Typography.Paragraph>
          <RoleSelect
            aria-label="Role"
            style={{ width: '100%' }}
            onChange={(id) => id && void navigate(panelPath(`permission/role/${id}`))}
          />
        </Card>
      </Col>
      {can('UserPagePermission', 'view') && (
        <Col xs={24} md={12}>
          <Card title="User permissions" size="small">
            <Typography.Paragraph type="secondary">
              Override the role's permissions for one user, module by module.
            </Typography.Paragraph>
            <UserSearchSelect onPick={(id) => void navigate(panelPath(`permission/user/${id}`))} />
          </Card>
        </Col>
      )}
    </Row>
  );
}

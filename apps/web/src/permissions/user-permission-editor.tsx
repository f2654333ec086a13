import { USER_TYPE_LABELS, type UserType } from '@facet/contract';
import { useQuery } from '@tanstack/react-query';
import { Skeleton, Tag, Typography } from 'antd';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { permissionApi } from '../platform/api/user-admin-api.ts';
import { panelPath } from '../platform/app/paths.ts';
import { MatrixEditor } from './matrix-editor.tsx';
import { buildUserMatrix } from './matrix-state.ts';
import { useCanGrant } from './use-can-grant.ts';
import { permissionsKey, usePermissionSave } from './use-permission-save.ts';

/**
 * A user's permissions: per module the role's flags, or an override that replaces them. Saving sends
 * the overrides only; modules left on 'Role' follow the role.
 */
export function UserPermissionEditor({ userId }: { userId: string }) {
  const query = useQuery({
    queryKey: [...permissionsKey, 'user', userId],
    queryFn: () => permissionApi.byUser(userId),
  });
  const data = query.data;
  const saved = useMemo(() => (data ? buildUserMatrix(data.scope, data.role, data.overrides) : null), [data]);
  const canGrant = useCanGrant(data?.scope);
  const save = usePermissionSave({ userId }, data?.scope);

  if (query.isError) return <Typography.Text type="danger">This user could not be loaded.</Typography.Text>;
  if (!data || !saved) return <Skeleton active paragraph={{ rows: 10 }} />;
  return (
    <MatrixEditor
      scope={data.scope}
      saved={saved}
      canGrant={canGrant}
      perUser
      saving={save.isPending}
      onSave={(items) => save.mutate(items)}
      summary={
        <>
          <Typography.Text strong>User: {data.user.name}</Typography.Text>
          <Tag>{USER_TYPE_LABELS[data.user.type as UserType] ?? data.user.type}</Tag>
          {data.user.roleId ? (
            <Link to={panelPath(`permission/role/${data.user.roleId}`)}>Role: {data.user.roleName}</Link>
          ) : (
            <Typography.Text type="secondary">No role: only overrides apply</Typography.Text>
          )}
        </>
      }
    />
  );
}

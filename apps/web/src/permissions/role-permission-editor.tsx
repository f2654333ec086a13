import { useQuery } from '@tanstack/react-query';
import { Skeleton, Tag, Typography } from 'antd';
import { useMemo } from 'react';
import { permissionApi } from '../platform/api/user-admin-api.ts';
import { scopeLabel } from '../roles/role-labels.ts';
import { MatrixEditor } from './matrix-editor.tsx';
import { buildRoleMatrix } from './matrix-state.ts';
import { useCanGrant } from './use-can-grant.ts';
import { permissionsKey, usePermissionSave } from './use-permission-save.ts';

/** A role's permission set (`view-by-role`), saved whole through `permission/upsert`. */
export function RolePermissionEditor({ roleId }: { roleId: string }) {
  const query = useQuery({
    queryKey: [...permissionsKey, 'role', roleId],
    queryFn: () => permissionApi.byRole(roleId),
  });
  const scope = query.data?.role.scope;
  const saved = useMemo(
    () => (query.data ? buildRoleMatrix(query.data.role.scope, query.data.permissions) : null),
    [query.data],
  );
  const canGrant = useCanGrant(scope);
  const save = usePermissionSave({ roleId }, scope);

  if (query.isError) return <Typography.Text type="danger">This role could not be loaded.</Typography.Text>;
  if (!query.data || !saved || !scope) return <Skeleton active paragraph={{ rows: 10 }} />;
  return (
    <MatrixEditor
      scope={scope}
      saved={saved}
      canGrant={canGrant}
      perUser={false}
      saving={save.isPending}
      onSave={(items) => save.mutate(items)}
      summary={
        <>
          <Typography.Text strong>Role: {query.data.role.name}</Typography.Text>
          <Tag>{scopeLabel(scope)}</Tag>
        </>
      }
    />
  );
}

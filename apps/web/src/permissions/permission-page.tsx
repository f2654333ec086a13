import { Button } from 'antd';
import { useNavigate, useParams } from 'react-router';
import { panelPath } from '../platform/app/paths.ts';
import { PageHeader } from '../platform/lists/page-header.tsx';
import { ScreenCard } from '../platform/lists/screen-card.tsx';
import { PermissionPicker } from './permission-picker.tsx';
import { RolePermissionEditor } from './role-permission-editor.tsx';
import { UserPermissionEditor } from './user-permission-editor.tsx';

/** `/hkadmin/permission/:user?/:id?`: `role/<id>` or `user/<id>` opens that matrix, otherwise the picker. */
export function PermissionPage() {
  const { user: target, id } = useParams();
  const navigate = useNavigate();
  const kind = id && (target === 'role' || target === 'user') ? target : null;
  const title = kind === 'role' ? 'Role permissions' : kind === 'user' ? 'User permissions' : 'Permission';

  return (
    <ScreenCard>
      <PageHeader
        title={title}
        extra={kind && <Button onClick={() => void navigate(panelPath('permission'))}>Choose another</Button>}
      />
      {kind === 'role' && id && <RolePermissionEditor key={id} roleId={id} />}
      {kind === 'user' && id && <UserPermissionEditor key={id} userId={id} />}
      {!kind && <PermissionPicker />}
    </ScreenCard>
  );
}

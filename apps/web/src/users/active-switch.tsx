import type { UserRecord } from '@facet/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Switch } from 'antd';
import { userApi } from '../platform/api/user-admin-api.ts';
import { toast } from '../platform/app/toast.ts';
import { usersKey } from './user-kind.ts';

/** Activates or deactivates a user in place (module UserActive); read-only without that permission. */
export function ActiveSwitch({ user, editable }: { user: UserRecord; editable: boolean }) {
  const queryClient = useQueryClient();
  const toggle = useMutation({
    mutationFn: (isActive: boolean) => userApi.setActive({ id: user.id, isActive }),
    onSuccess: (envelope) => {
      toast.success(envelope.message);
      void queryClient.invalidateQueries({ queryKey: usersKey });
    },
  });
  return (
    <Switch
      size="small"
      // Not 'active': the drawer's Active field owns that label.
      aria-label={`${user.name} status`}
      checked={toggle.isPending ? toggle.variables : user.isActive}
      loading={toggle.isPending}
      disabled={!editable}
      onChange={(checked) => toggle.mutate(checked)}
    />
  );
}

import type { PermissionScope } from '@facet/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateLoginUser } from '../platform/api/login-user-query.ts';
import { permissionApi } from '../platform/api/user-admin-api.ts';
import { toast } from '../platform/app/toast.ts';
import type { UpsertItem } from './matrix-state.ts';

export const permissionsKey = ['permissions'] as const;

/** Saves a whole set; the signed-in user's own permissions may have changed, so the login user refreshes. */
export function usePermissionSave(
  target: { roleId: string } | { userId: string },
  scope: PermissionScope | undefined,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (permissions: UpsertItem[]) =>
      permissionApi.upsert({ ...target, scope: scope ?? 'admin', permissions }),
    onSuccess: async (envelope) => {
      toast.success(envelope.message);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: permissionsKey }),
        invalidateLoginUser(queryClient),
      ]);
    },
  });
}

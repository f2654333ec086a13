import {
  type AdminAction,
  type AdminModuleName,
  can,
  type EndpointSpec,
  type PermissionHolder,
  USER_TYPES,
} from '@facet/contract';
import { useMemo } from 'react';
import { canCall } from './can-call.ts';
import { holderOf } from './session-store.ts';
import { useSession } from './use-session.ts';

const NOBODY: PermissionHolder = { type: USER_TYPES.ADMIN, permissions: [] };

/**
 * `can` for the signed-in user, from the stored permissions (refreshed on every navigation). The
 * server checks again; this only hides controls that would be refused.
 */
export function usePermissions() {
  const session = useSession();
  return useMemo(() => {
    const holder = holderOf(session) ?? NOBODY;
    return {
      holder,
      isSuperAdmin: holder.type === USER_TYPES.SUPER_ADMIN,
      can: (module: AdminModuleName, action: AdminAction) => can(holder, module, action),
      /** Whether the endpoint's access rule lets the holder call it: gates the control that calls it. */
      canCall: (endpoint: Pick<EndpointSpec, 'access'>) => canCall(holder, endpoint),
    };
  }, [session]);
}

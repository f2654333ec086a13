import { type AdminModuleName, can, type PermissionScope } from '@facet/contract';
import { useCallback } from 'react';
import { usePermissions } from '../platform/session/use-holder.ts';
import type { CanGrant } from './matrix-state.ts';

/**
 * Admin flags: only those the signed-in user holds (a super admin holds all); the server refuses the
 * rest anyway. Staff hold no customer flags, so the customer matrix is left to the server to police.
 */
export function useCanGrant(scope: PermissionScope | undefined): CanGrant {
  const { holder } = usePermissions();
  return useCallback(
    (module: string, action: string) =>
      scope !== 'admin' || can(holder, module as AdminModuleName, action as Parameters<typeof can>[2]),
    [holder, scope],
  );
}

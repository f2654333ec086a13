import { type AdminAction, can, type PanelRoute, type PermissionHolder } from '@facet/contract';
import { PATHS } from '../app/paths.ts';

/** Where '/' sends the browser (spec section 2). */
export function rootRedirectTarget(state: { hasToken: boolean; hasDefaultPasswordUser: boolean }): string {
  if (state.hasToken) return PATHS.panel;
  return state.hasDefaultPasswordUser ? PATHS.updateDefaultPassword : PATHS.signIn;
}

/** A screen the user may not open: the module and action its route needs, for the no-access page. */
export interface NoAccess {
  module: string;
  action: AdminAction;
}

export type GuardDecision =
  | { allow: true }
  | { allow: false; redirectTo: string }
  | { allow: false; noAccess: NoAccess };

/**
 * A protected route: no token goes back to '/', which then picks signin; a missing permission is answered
 * where the screen would be, naming the module (rather than a silent trip to the dashboard, the old
 * panel's way). Without a known user only ungated routes open.
 */
export function panelRouteDecision(input: {
  hasToken: boolean;
  holder: PermissionHolder | null;
  route: Pick<PanelRoute, 'module' | 'action'>;
}): GuardDecision {
  const { hasToken, holder, route } = input;
  if (!hasToken) return { allow: false, redirectTo: PATHS.root };
  if (route.module === null) return { allow: true };
  if (holder && can(holder, route.module, route.action)) return { allow: true };
  return { allow: false, noAccess: { module: route.module, action: route.action } };
}

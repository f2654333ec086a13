import {
  can,
  type EndpointAccess,
  type EndpointSpec,
  type PermissionHolder,
  USER_TYPES,
} from '@facet/contract';

/**
 * Whether the signed-in holder may call an endpoint, by the rule the server enforces. It only hides
 * controls that would be refused; the server checks again. A rule whose module is named by the body
 * cannot be judged before the body exists, so it is left to the server.
 */
export function canCall(holder: PermissionHolder, endpoint: Pick<EndpointSpec, 'access'>): boolean {
  return allows(holder, endpoint.access);
}

function allows(holder: PermissionHolder, access: EndpointAccess): boolean {
  if ('public' in access || 'authenticated' in access || 'moduleFromBody' in access) return true;
  if ('superAdmin' in access) return holder.type === USER_TYPES.SUPER_ADMIN;
  // The panel is staff's: the customer side of the API is called by the storefront and the apps.
  if ('customerModules' in access) return false;
  if ('modules' in access) return access.modules.some((module) => can(holder, module, access.action));
  return can(holder, access.module, access.action);
}

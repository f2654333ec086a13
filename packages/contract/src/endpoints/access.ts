import type { AdminAction, AdminModuleName } from '../access/admin-modules.ts';
import type { CustomerAction, CustomerModuleName } from '../access/customer-modules.ts';

/**
 * Who may call an endpoint. Every endpoint declares one; the server refuses to start a route without it
 * and checks it before the body is parsed, and the panel gates its buttons by the same rule:
 * - `{ public: true }`: anyone;
 * - `{ authenticated: true }`: any signed-in user with a full session; `acceptsDefaultPasswordToken`
 *   also lets in the short-lived token of a forced password change;
 * - `{ module, action }`: a user whose permissions allow that action on that module (super admin: all);
 * - `{ superAdmin: true }`: super admins (type 1) only;
 * - `{ customerModules, action }`: a customer user (types 3 to 5) of an approved company whose customer
 *   permissions allow that action on any of these modules; the handler narrows to the module the body
 *   names (a cart add needs `cart`, a watchlist add `watchlist`). Staff never pass it: these calls act
 *   for the signed-in customer.
 * - `{ modules, action }`: a user allowed that action on any of these modules; the handler narrows
 *   what each module reaches (a resource scoped by view);
 * - `{ moduleFromBody, action }`: like `{ module, action }`, with the module named by a body field
 *   (the generic boolean-status-update names its resource in `model`). The token is checked on
 *   arrival; the module only after the body is validated, since it is the body that names it.
 */
export type EndpointAccess =
  | { public: true }
  | { authenticated: true; acceptsDefaultPasswordToken?: true }
  | { module: AdminModuleName; action: AdminAction }
  | { modules: readonly AdminModuleName[]; action: AdminAction }
  | { moduleFromBody: string; action: AdminAction }
  | { superAdmin: true }
  | { customerModules: readonly CustomerModuleName[]; action: CustomerAction };

/** The rule in words, for the API reference. */
export function describeAccess(access: EndpointAccess): string {
  if ('public' in access) return 'Public: no token needed.';
  if ('authenticated' in access) {
    return access.acceptsDefaultPasswordToken
      ? 'Any signed-in user, including the temporary token of a forced password change.'
      : 'Any signed-in user.';
  }
  if ('superAdmin' in access) return 'Super admins only.';
  if ('customerModules' in access) {
    const names = access.customerModules.map((name) => `"${name}"`).join(', ');
    return `Customer users of an approved company with customer permission "${access.action}" on ${names}.`;
  }
  if ('module' in access) return `Permission "${access.action}" on module "${access.module}".`;
  if ('modules' in access) {
    const names = access.modules.map((name) => `"${name}"`).join(', ');
    return `Permission "${access.action}" on any of the modules ${names}; each reaches its own rows.`;
  }
  return `Permission "${access.action}" on the module of the resource named by the body's "${access.moduleFromBody}".`;
}

import type { PermissionScope } from '@facet/contract';

/** Query-key root of every role query (the list and the role pickers). */
export const rolesKey = ['roles'] as const;

const SCOPE_LABELS: Record<PermissionScope, string> = { admin: 'Admin (staff)', customer: 'Customer' };

export const scopeLabel = (scope: PermissionScope) => SCOPE_LABELS[scope];

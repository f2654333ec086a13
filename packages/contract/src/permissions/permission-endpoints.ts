import { z } from 'zod';
import { PERMISSION_SCOPES } from '../access/permission-scopes.ts';
import {
  permissionPaginateFilterSchema,
  permissionSetEntrySchema,
  permissionUpsertSchema,
  userPermissionRequestSchema,
} from '../access/permission-sets.ts';
import { defineEndpoint, pageOf } from '../endpoints/endpoint.ts';
import { paginateRequestSchema } from '../envelope.ts';

const scopeSchema = z.enum(PERMISSION_SCOPES);

/** `apis/permission/paginate`: the contract's filter inside the usual paginate body. */
export const permissionPaginateSchema = paginateRequestSchema.extend({
  filter: permissionPaginateFilterSchema.optional(),
  sort: z.strictObject({ id: z.enum(['asc', 'desc', 'ASC', 'DESC']).optional() }).optional(),
});

/** A stored entry with the role or user it belongs to. */
export const permissionRowEntrySchema = permissionSetEntrySchema.extend({
  roleId: z.string().nullable(),
  userId: z.string().nullable(),
  scope: scopeSchema,
});
export type PermissionRowEntry = z.infer<typeof permissionRowEntrySchema>;

/** Answer of `apis/permission/user-permission`. */
export const userPermissionDataSchema = z.object({
  user: z.object({
    id: z.string(),
    name: z.string(),
    type: z.number().int(),
    roleId: z.string().nullable(),
    roleName: z.string().nullable(),
  }),
  scope: scopeSchema,
  role: z.array(permissionSetEntrySchema),
  overrides: z.array(permissionSetEntrySchema),
  effective: z.array(permissionSetEntrySchema),
});
export type UserPermissionData = z.infer<typeof userPermissionDataSchema>;

/** Answer of `GET apis/permission/view-by-role/{role}`. */
export const rolePermissionDataSchema = z.object({
  role: z.object({ id: z.string(), name: z.string(), scope: scopeSchema }),
  permissions: z.array(permissionSetEntrySchema),
});
export type RolePermissionData = z.infer<typeof rolePermissionDataSchema>;

const PERMISSIONS_TAG = 'Permissions';

/** The permission matrices of roles and of single users (overrides of their role). */
export const PERMISSION_ENDPOINTS = {
  upsert: defineEndpoint({
    method: 'POST',
    path: 'apis/permission/upsert',
    tag: PERMISSIONS_TAG,
    summary: "Replaces a role's permission set, or a user's overrides, in one scope.",
    description:
      'A user as target also needs "view" on module "UserPagePermission", checked once the body names the user.',
    access: { module: 'User', action: 'update' },
    body: permissionUpsertSchema,
    answer: { data: z.null() },
  }),
  paginate: defineEndpoint({
    method: 'POST',
    path: 'apis/permission/paginate',
    tag: PERMISSIONS_TAG,
    summary: 'The stored permission entries, narrowed to a role, a user or a scope.',
    access: { module: 'User', action: 'view' },
    body: permissionPaginateSchema,
    answer: { data: pageOf(permissionRowEntrySchema) },
  }),
  userPermission: defineEndpoint({
    method: 'POST',
    path: 'apis/permission/user-permission',
    tag: PERMISSIONS_TAG,
    summary: "A user's role set, overrides and effective permissions.",
    access: { module: 'User', action: 'view' },
    body: userPermissionRequestSchema,
    answer: { data: userPermissionDataSchema },
  }),
  viewByRole: defineEndpoint({
    method: 'GET',
    path: 'apis/permission/view-by-role/:roleId',
    tag: PERMISSIONS_TAG,
    summary: "A role's permission set.",
    access: { module: 'User', action: 'view' },
    params: z.object({ roleId: z.string().describe('Role id (uuid)') }),
    answer: { data: rolePermissionDataSchema },
  }),
};

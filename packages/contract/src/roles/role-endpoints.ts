import { z } from 'zod';
import { PERMISSION_SCOPES } from '../access/permission-scopes.ts';
import { defineEndpoint, idParams, pageOf } from '../endpoints/endpoint.ts';
import { roleCreateSchema, rolePaginateSchema, roleUpdateSchema } from '../users/user-admin.ts';

/** A role with the number of users (not deleted) holding it. */
export const roleRecordSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  scope: z.enum(PERMISSION_SCOPES),
  isActive: z.boolean(),
  userCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type RoleRecord = z.infer<typeof roleRecordSchema>;

const ROLES_TAG = 'Roles';

/** The role master screen; roles belong to the User module. */
export const ROLE_ENDPOINTS = {
  paginate: defineEndpoint({
    method: 'POST',
    path: 'apis/role/paginate',
    tag: ROLES_TAG,
    summary: 'Roles with their users count, searched by name.',
    access: { module: 'User', action: 'view' },
    body: rolePaginateSchema,
    answer: { data: pageOf(roleRecordSchema) },
  }),
  create: defineEndpoint({
    method: 'POST',
    path: 'apis/role/create',
    tag: ROLES_TAG,
    summary: 'Creates a role of a scope, with no permissions yet.',
    access: { module: 'User', action: 'insert' },
    body: roleCreateSchema,
    answer: { data: roleRecordSchema },
  }),
  get: defineEndpoint({
    method: 'GET',
    path: 'apis/role/:id',
    tag: ROLES_TAG,
    summary: 'One role.',
    access: { module: 'User', action: 'view' },
    params: idParams,
    answer: { data: roleRecordSchema },
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: 'apis/role/:id',
    tag: ROLES_TAG,
    summary: 'Changes the fields sent; the scope is fixed at creation.',
    access: { module: 'User', action: 'update' },
    params: idParams,
    body: roleUpdateSchema,
    answer: { data: roleRecordSchema },
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: 'apis/role/:id',
    tag: ROLES_TAG,
    summary: 'Deletes a role no user holds.',
    access: { module: 'User', action: 'delete' },
    params: idParams,
    answer: { data: z.null() },
  }),
};

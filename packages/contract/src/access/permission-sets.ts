import { z } from 'zod';
import { ADMIN_ACTIONS } from './admin-modules.ts';
import { CUSTOMER_ACTIONS } from './customer-modules.ts';
import { PERMISSION_SCOPES } from './permission-scopes.ts';

/** One module's flags in a set; an action missing from `permissions` is false. */
export interface PermissionSetEntry {
  id: number;
  module: string;
  title: string;
  permissions: Partial<Record<(typeof CUSTOMER_ACTIONS)[number], boolean>>;
}

const flags = z.object(
  Object.fromEntries(CUSTOMER_ACTIONS.map((action) => [action, z.boolean().optional()])) as Record<
    (typeof CUSTOMER_ACTIONS)[number],
    z.ZodOptional<z.ZodBoolean>
  >,
);

/** One module's flags in a set, as answered: the actions of its scope, each spelled out. */
export const permissionSetEntrySchema = z.object({
  id: z.number().int(),
  module: z.string(),
  title: z.string(),
  permissions: flags,
});

export const permissionSetItemSchema = z.object({
  id: z.number().int().positive(),
  permissions: flags.strict(),
});

export const PERMISSION_MESSAGES = {
  targetRequired: 'Choose either a role or a user.',
  unknownModule: 'Unknown module for this scope.',
  unknownAction: 'This module has no such action.',
  duplicateModule: 'Each module may appear once.',
  grantExceedsOwn: 'You cannot grant a permission you do not hold.',
  scopeMismatch: 'This permission scope does not fit the role or user.',
} as const;

/**
 * `apis/permission/upsert`: replaces the whole set of a role, or the overrides of a user, in one scope.
 * A user's override of a module replaces the role's flags for that module; modules without an override
 * follow the role.
 */
export const permissionUpsertSchema = z
  .object({
    roleId: z.uuid().optional(),
    userId: z.uuid().optional(),
    scope: z.enum(PERMISSION_SCOPES),
    permissions: z.array(permissionSetItemSchema).max(500),
  })
  .superRefine((body, ctx) => {
    if ((body.roleId === undefined) === (body.userId === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['roleId'], message: PERMISSION_MESSAGES.targetRequired });
    }
    // Which module ids exist is the server's to say: it serves the modules it was built with.
    const actions: readonly string[] = body.scope === 'admin' ? ADMIN_ACTIONS : CUSTOMER_ACTIONS;
    const seen = new Set<number>();
    body.permissions.forEach((item, index) => {
      if (seen.has(item.id)) {
        ctx.addIssue({
          code: 'custom',
          path: ['permissions', index, 'id'],
          message: PERMISSION_MESSAGES.duplicateModule,
        });
      }
      seen.add(item.id);
      for (const [action, value] of Object.entries(item.permissions)) {
        if (value && !actions.includes(action)) {
          ctx.addIssue({
            code: 'custom',
            path: ['permissions', index, 'permissions', action],
            message: PERMISSION_MESSAGES.unknownAction,
          });
        }
      }
    });
  });
export type PermissionUpsertPayload = z.infer<typeof permissionUpsertSchema>;

export const userPermissionRequestSchema = z.object({ userId: z.uuid() });

/** `apis/permission/paginate`: the stored entries of one role or one user. */
export const permissionPaginateFilterSchema = z.strictObject({
  roleId: z.uuid().optional(),
  userId: z.uuid().optional(),
  scope: z.enum(PERMISSION_SCOPES).optional(),
});

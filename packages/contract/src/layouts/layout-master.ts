import { z } from 'zod';
import { paginateRequestSchema } from '../envelope.ts';
import { RESOURCE_MESSAGES } from '../resources/field-rules.ts';
import { updateSchemaOf } from '../resources/schemas.ts';
import { layoutMasterResource } from './layout-master-resource.ts';

/** `admin/master/master`: every main master, or those with these codes. */
export const mainMasterListSchema = z.strictObject({
  code: z.array(z.string().trim().min(1).max(60)).min(1).max(50).optional(),
});

export const mainMasterSchema = z.object({ id: z.string(), code: z.string(), name: z.string() });
export type MainMaster = z.infer<typeof mainMasterSchema>;

/** `admin/submaster/paginate`: the active values of the main master `filter.parentId`. */
export const subMasterPaginateSchema = paginateRequestSchema.extend({
  filter: z.strictObject({
    parentId: z.uuid({ error: RESOURCE_MESSAGES.invalidReference('Parent master') }),
  }),
  sort: z.strictObject({ sequence: z.enum(['asc', 'desc', 'ASC', 'DESC']).optional() }).optional(),
});

/**
 * `admin/layoutmaster/upsert`: without `id` a create (the required fields must be there), with `id` an
 * update of the fields given.
 */
export const layoutMasterUpsertSchema = updateSchemaOf(layoutMasterResource)
  .extend({ id: z.uuid({ error: RESOURCE_MESSAGES.notFound }).optional() })
  .superRefine((body, context) => {
    if (body.id !== undefined) return;
    for (const [key, spec] of Object.entries(layoutMasterResource.fields)) {
      if (spec.required && spec.form !== false && (body as Record<string, unknown>)[key] === undefined) {
        context.addIssue({
          code: 'custom',
          path: [key],
          message: RESOURCE_MESSAGES.required(spec.label, spec.kind),
        });
      }
    }
  });

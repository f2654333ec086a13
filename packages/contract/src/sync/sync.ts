import { z } from 'zod';
import { CUSTOMER_USER_TYPES } from '../access/user-types.ts';
import { defineEndpoint } from '../endpoints/endpoint.ts';
import { userFieldsSchema } from '../users/user-admin.ts';
import { SYNC_ENTITIES, type SyncEntity } from './sync-entities.ts';

/** A record of the source's list that was not applied, with why. `index` counts from 0 in the list. */
export const syncRejectionSchema = z.object({
  index: z.number().int(),
  /** The record's natural key as the source wrote it (`BE`, `SHAPE/ROUND`), when it had one. */
  key: z.string().nullable(),
  errors: z.array(z.object({ field: z.string(), message: z.string() })),
});
export type SyncRejection = z.infer<typeof syncRejectionSchema>;

/** `data` of a sync's answer. `received` = created + updated + unchanged + rejected. */
export const syncResultSchema = z.object({
  entity: z.enum(SYNC_ENTITIES.map((entity) => entity.value) as [SyncEntity, ...SyncEntity[]]),
  received: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  rejected: z.array(syncRejectionSchema),
});
export type SyncResult = z.infer<typeof syncResultSchema>;

type SyncEndpoint = ReturnType<typeof syncEndpoint>;

function syncEndpoint(entity: SyncEntity, label: string) {
  return defineEndpoint({
    method: 'POST',
    path: `admin/hk/sync/${entity}`,
    tag: 'Synchronisation',
    summary: `Pulls the ${label.toLowerCase()} from the stock system and applies them.`,
    description:
      'A super admin may always sync; anyone else needs view on the sync module. Answers what the run did.',
    access: { module: 'sync', action: 'view' },
    answer: { data: syncResultSchema },
  });
}

/** `POST admin/hk/sync/{entity}`, one endpoint per entity of SYNC_ENTITIES. */
export const SYNC_ENDPOINTS = Object.fromEntries(
  SYNC_ENTITIES.map(({ value, label }) => [value, syncEndpoint(value, label)]),
) as Record<SyncEntity, SyncEndpoint>;

/** The sync endpoint of an entity named by a row (a Sync Setting's `entity`), if it is one. */
export function syncEndpointOf(entity: string): SyncEndpoint | undefined {
  return Object.hasOwn(SYNC_ENDPOINTS, entity) ? SYNC_ENDPOINTS[entity as SyncEntity] : undefined;
}

/** The stock system's answer is read up to these limits. */
export const SYNC_LIMITS = {
  timeoutSeconds: 60,
  maxMegabytes: 64,
  maxRecords: 50_000,
} as const;

export const SYNC_MESSAGES = {
  notConfigured: 'Synchronisation is not configured.',
  turnedOff: (label: string) => `Synchronisation of ${label.toLowerCase()} is turned off.`,
  done: (label: string) => `${label} synchronised.`,
  sourceUnreachable: (reason: string) => `The stock system could not be reached (${reason}).`,
  sourceTimeout: `The stock system did not answer within ${SYNC_LIMITS.timeoutSeconds} seconds.`,
  sourceStatus: (status: number) => `The stock system answered HTTP ${status}.`,
  sourceNotJson: 'The stock system did not answer JSON of the form {"list": [...]}.',
  sourceTooLarge: `The stock system's answer is larger than ${SYNC_LIMITS.maxMegabytes} MB.`,
  sourceTooManyRecords: `The stock system sent more than ${SYNC_LIMITS.maxRecords} records.`,
  notAnObject: 'A record must be a JSON object.',
  repeated: (index: number) => `The same record is already at index ${index} of the list.`,
  notFound: (what: string, value: string) => `No ${what} ${value} was found.`,
  staffUser: 'This username belongs to a staff user, whom synchronisation never changes.',
  customerTypesOnly: 'Only customer users (types 3, 4 and 5) are synchronised.',
} as const;

const fields = userFieldsSchema.shape;

/**
 * A customer user as the stock system sends it: the user form's own field rules, with the company named
 * by its code. Optional fields left out keep the stored value (on create: type customer, no phones,
 * active). No password: a synced user chooses one through forgot-password.
 */
export const syncedUserSchema = z.strictObject({
  username: fields.username,
  name: fields.name,
  emails: fields.emails,
  type: z
    .union(
      CUSTOMER_USER_TYPES.map((type) => z.literal(type)) as [
        z.ZodLiteral<3>,
        z.ZodLiteral<4>,
        z.ZodLiteral<5>,
      ],
      { error: SYNC_MESSAGES.customerTypesOnly },
    )
    .optional(),
  phones: fields.phones.unwrap().optional(),
  designation: fields.designation.unwrap().optional(),
  expiresAt: fields.expiresAt.unwrap().optional(),
  isActive: fields.isActive.unwrap().optional(),
  accountCode: z.string().trim().min(1).max(30).nullable().optional(),
});
export type SyncedUser = z.output<typeof syncedUserSchema>;

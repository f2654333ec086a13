import { z } from 'zod';
import { paginateRequestSchema } from '../envelope.ts';
import { calendarDayOrInstant } from '../format/calendar-dates.ts';
import { readerTimeZone } from '../resources/list-request.ts';

/** The trail's entity type of a comment. */
export const DIAMOND_COMMENT_ENTITY = 'diamondComment';

export const DIAMOND_COMMENT_MESSAGES = {
  list: 'Comments.',
  created: 'Comment added.',
  deleted: 'Comment deleted.',
  notFound: 'Comment not found.',
  remarksRequired: 'Enter the remarks.',
  remarksTooLong: 'At most 2000 characters.',
  invalidColor: 'Choose a colour, or enter a hex colour such as #fa8c16.',
  notACustomer: 'Choose an active customer user.',
  invalidStone: 'Choose a stone from the stock.',
  rangeOrder: 'Enter a start that is not after the end.',
} as const;

export const DIAMOND_COMMENT_SORT_KEYS = ['createdAt', 'updatedAt'] as const;

const uuids = z.union([z.uuid(), z.array(z.uuid()).min(1).max(100)]);
/** A day (`2026-05-01`, the whole day) or an instant. */
const dayOrInstant = calendarDayOrInstant();
const direction = z.enum(['asc', 'desc', 'ASC', 'DESC']).optional();

export const diamondCommentByUserSchema = paginateRequestSchema.extend({
  filter: z
    .strictObject({
      userId: uuids.optional(),
      stoneId: uuids.optional(),
      accountId: uuids.optional(),
      createdAt: z.strictObject({ from: dayOrInstant.optional(), to: dayOrInstant.optional() }).optional(),
    })
    .optional(),
  sort: z
    .strictObject(Object.fromEntries(DIAMOND_COMMENT_SORT_KEYS.map((key) => [key, direction])))
    .optional(),
  /** The zone whose days `createdAt` reads (`2026-11-28` from its midnight there). */
  timeZone: readerTimeZone,
});

export const diamondCommentCreateSchema = z.strictObject({
  userId: z.uuid({ error: DIAMOND_COMMENT_MESSAGES.notACustomer }),
  stoneId: z.uuid({ error: DIAMOND_COMMENT_MESSAGES.invalidStone }),
  remarks: z
    .string({ error: DIAMOND_COMMENT_MESSAGES.remarksRequired })
    .trim()
    .min(1, { error: DIAMOND_COMMENT_MESSAGES.remarksRequired })
    .max(2000, { error: DIAMOND_COMMENT_MESSAGES.remarksTooLong }),
  color: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/, { error: DIAMOND_COMMENT_MESSAGES.invalidColor })
    .nullable()
    .optional(),
});

export const diamondCommentDestroySchema = z.strictObject({
  id: z.uuid({ error: DIAMOND_COMMENT_MESSAGES.notFound }),
});

/** A comment as the list shows it: who wrote it, for which company, on which stone. */
export const diamondCommentRecordSchema = z.object({
  id: z.string(),
  userId: z.string(),
  userName: z.string(),
  username: z.string(),
  accountId: z.string().nullable(),
  accountName: z.string().nullable(),
  stoneId: z.string(),
  stockNumber: z.string(),
  remarks: z.string(),
  /** `#rrggbb`, or null. */
  color: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type DiamondCommentRecord = z.infer<typeof diamondCommentRecordSchema>;

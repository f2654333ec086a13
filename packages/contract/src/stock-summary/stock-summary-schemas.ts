import { z } from 'zod';
import { paginateRequestSchema } from '../envelope.ts';
import { calendarDayOrInstant } from '../format/calendar-dates.ts';
import {
  exportRequestFields,
  literalsOf,
  oneOrMany,
  readerTimeZone,
  sortOf,
} from '../resources/list-request.ts';
import { STOCK_SUMMARY_MESSAGES as M } from './stock-summary-messages.ts';
import {
  BLOCK_LIMITS,
  OFFER_STATUS_OPTIONS,
  STONE_BLOCK_KIND_OPTIONS,
  STONE_BLOCK_STATE_OPTIONS,
  TRACK_TYPE_OPTIONS,
} from './track-types.ts';

const uuids = oneOrMany(z.uuid());
/** A day (`2026-05-01`, the whole day) or an instant. */
const dayOrInstant = calendarDayOrInstant();
const instantRange = z.strictObject({ from: dayOrInstant.optional(), to: dayOrInstant.optional() });
const numberRange = z.strictObject({ from: z.number().min(0).optional(), to: z.number().min(0).optional() });

const trackTypeSchema = literalsOf(TRACK_TYPE_OPTIONS, M.trackTypeInvalid);
const offerStatusSchema = literalsOf(OFFER_STATUS_OPTIONS, M.offerStatusInvalid);
const blockKindSchema = literalsOf(STONE_BLOCK_KIND_OPTIONS, M.blockKindInvalid);
const blockStateSchema = literalsOf(STONE_BLOCK_STATE_OPTIONS, M.blockStateInvalid);

/** The customer filters every activity list shares. */
const customerFilters = {
  userId: uuids.optional(),
  accountId: uuids.optional(),
  createdAt: instantRange.optional(),
};

/** The customer and their company, as every answer names them. */
const customerShape = {
  userId: z.string(),
  userName: z.string(),
  accountId: z.string().nullable(),
  accountName: z.string().nullable(),
};

/** The stone, by number and grades, as every answer names it. */
const stoneShape = {
  stoneId: z.string(),
  stockNumber: z.string(),
  shape: z.string().nullable(),
  color: z.string().nullable(),
  clarity: z.string().nullable(),
  carat: z.number().nullable(),
};

/** The stone criteria every activity list filters by. */
const stoneCriteria = {
  stoneId: uuids.optional(),
  shapeId: uuids.optional(),
  colorId: uuids.optional(),
  clarityId: uuids.optional(),
  carat: numberRange.optional(),
};

export const TRACK_SORT_KEYS = [
  'createdAt',
  'reminderDate',
  'stockNumber',
  'carat',
  'amount',
  'currentAmount',
  'userName',
  'accountName',
] as const;

/** `apis/diamond-track/paginate`: what customers did with stones, one row each. */
export const trackPaginateSchema = paginateRequestSchema.extend({
  filter: z
    .strictObject({
      trackType: oneOrMany(trackTypeSchema).optional(),
      ...customerFilters,
      reminderDate: instantRange.optional(),
      offerStatus: oneOrMany(offerStatusSchema).optional(),
      /** Enquiries: answered (true) or waiting (false). */
      replied: z.boolean().optional(),
      ...stoneCriteria,
    })
    .optional(),
  sort: sortOf(TRACK_SORT_KEYS).optional(),
  /** The zone whose days `createdAt` and `reminderDate` read (`2026-11-28` from its midnight there). */
  timeZone: readerTimeZone,
});
export type TrackPaginatePayload = z.input<typeof trackPaginateSchema>;

/** `apis/diamond-track/export`: the filtered, sorted list as a sheet, every row, in the reader's zone. */
export const trackExportSchema = trackPaginateSchema
  .omit({ page: true, limit: true })
  .extend(exportRequestFields);

const money = z.number().nullable();

/** One activity row as the staff lists show it: who, which stone, the price then and now. */
export const trackRecordSchema = z.object({
  id: z.string(),
  trackType: z.number().int(),
  ...customerShape,
  username: z.string(),
  ...stoneShape,
  /** The stone's stock status now (A available, H hold, M memo, ...). */
  stoneStatus: z.string().nullable(),
  /** False when the stone left the stock (sold, removed) or was hidden. */
  stoneAvailable: z.boolean(),
  pricePerCarat: money,
  discount: money,
  amount: money,
  currentPricePerCarat: money,
  currentDiscount: money,
  currentAmount: money,
  remarks: z.string().nullable(),
  reminderDate: z.string().nullable(),
  enquiryNumber: z.string().nullable(),
  device: z.string().nullable(),
  offerPricePerCarat: money,
  offerAmount: money,
  offerStatus: z.number().int().nullable(),
  /** An offer's: until when it stands; once countered, until when the counter stands. */
  validUntil: z.string().nullable(),
  counterPricePerCarat: money,
  /** When staff countered the offer (the offer's own date is `createdAt`). */
  counteredAt: z.string().nullable(),
  reply: z.string().nullable(),
  repliedAt: z.string().nullable(),
  repliedByName: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TrackRecord = z.infer<typeof trackRecordSchema>;

export const CUSTOMER_ACTIVITY_SORT_KEYS = ['lastActivityAt', 'userName', 'accountName', 'items'] as const;

/** `admin/diamond-track/paginate`: the customers with activity, with how much of each kind. */
export const customerActivityPaginateSchema = paginateRequestSchema.extend({
  filter: z
    .strictObject({
      trackType: oneOrMany(trackTypeSchema).optional(),
      ...customerFilters,
    })
    .optional(),
  sort: sortOf(CUSTOMER_ACTIVITY_SORT_KEYS).optional(),
});

export const customerActivityRecordSchema = z.object({
  ...customerShape,
  username: z.string(),
  /** Live rows of the filtered kinds. */
  items: z.number().int(),
  cart: z.number().int(),
  watchlist: z.number().int(),
  reminder: z.number().int(),
  enquiry: z.number().int(),
  offer: z.number().int(),
  lastActivityAt: z.string(),
});
export type CustomerActivityRecord = z.infer<typeof customerActivityRecordSchema>;

const longText = (required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, { error: required })
    .max(2000, { error: M.textTooLong })
    .refine((text) => !text.includes('\u0000'), { error: required });
const optionalText = z
  .string()
  .trim()
  .max(2000, { error: M.textTooLong })
  .refine((text) => !text.includes('\u0000'), { error: M.textTooLong })
  .nullable()
  .optional();
const pricePerCarat = (error: string) => z.number({ error }).min(0.01, { error }).max(100_000_000, { error });
const futureInstant = z.iso.datetime({ offset: true, error: M.untilRequired });

/** `apis/diamond-track/enquiry-reply`: staff answer an enquiry; the customer gets it by mail. */
export const enquiryReplySchema = z.strictObject({
  id: z.uuid({ error: M.enquiryNotFound }),
  reply: longText(M.replyRequired),
});

export const OFFER_DECISIONS = ['accept', 'reject', 'counter'] as const;

/** `apis/diamond-track/offer-decision`: accept, reject, or counter with another price. */
export const offerDecisionSchema = z
  .strictObject({
    id: z.uuid({ error: M.offerNotFound }),
    decision: z.enum(OFFER_DECISIONS),
    counterPricePerCarat: pricePerCarat(M.counterPriceRequired).optional(),
    validUntil: futureInstant.optional(),
    remarks: optionalText,
  })
  .superRefine((body, context) => {
    if (body.decision === 'counter' && body.counterPricePerCarat === undefined) {
      context.addIssue({ code: 'custom', path: ['counterPricePerCarat'], message: M.counterPriceRequired });
    }
    // An accept or reject with a price or a date would read as if it changed them.
    if (body.decision !== 'counter' && body.counterPricePerCarat !== undefined) {
      context.addIssue({
        code: 'custom',
        path: ['counterPricePerCarat'],
        message: M.counterPriceOnlyForCounter,
      });
    }
    if (body.decision !== 'counter' && body.validUntil !== undefined) {
      context.addIssue({ code: 'custom', path: ['validUntil'], message: M.validUntilOnlyForCounter });
    }
  });

export const BLOCK_SORT_KEYS = ['createdAt', 'expiresAt', 'stockNumber', 'userName'] as const;

/** `apis/stone-block/paginate`: holds and memos, live ones by default. */
export const blockPaginateSchema = paginateRequestSchema.extend({
  filter: z
    .strictObject({
      kind: oneOrMany(blockKindSchema).optional(),
      state: oneOrMany(blockStateSchema).optional(),
      /** Live (requested or confirmed, not ended): the default; false lists the ended ones. */
      live: z.boolean().optional(),
      /** Ending within this many hours from now (the dashboard's holds about to lapse). */
      endsWithin: z
        .number({ error: M.endsWithinInvalid })
        .int({ error: M.endsWithinInvalid })
        .min(1, { error: M.endsWithinInvalid })
        .max(BLOCK_LIMITS.endsWithinMaxHours, { error: M.endsWithinInvalid })
        .optional(),
      ...customerFilters,
      ...stoneCriteria,
    })
    .optional(),
  sort: sortOf(BLOCK_SORT_KEYS).optional(),
  /** The zone whose days `createdAt` reads. */
  timeZone: readerTimeZone,
});

/** `apis/stone-block/export`: the filtered, sorted holds and memos as a sheet, every row. */
export const blockExportSchema = blockPaginateSchema
  .omit({ page: true, limit: true })
  .extend(exportRequestFields);

export const blockRecordSchema = z.object({
  id: z.string(),
  kind: z.number().int(),
  state: z.number().int(),
  ...customerShape,
  ...stoneShape,
  amount: money,
  remarks: z.string().nullable(),
  expiresAt: z.string(),
  confirmedAt: z.string().nullable(),
  confirmedByName: z.string().nullable(),
  endedAt: z.string().nullable(),
  endedByName: z.string().nullable(),
  createdAt: z.string(),
});
export type BlockRecord = z.infer<typeof blockRecordSchema>;

export const BLOCK_ACTIONS = ['confirm', 'extend', 'release'] as const;

/** `apis/stone-block/update`: confirm a requested block, extend it, or release the stone. */
export const blockUpdateSchema = z
  .strictObject({
    id: z.uuid({ error: M.blockNotFound }),
    action: z.enum(BLOCK_ACTIONS),
    until: futureInstant.optional(),
  })
  .superRefine((body, context) => {
    if (body.action === 'extend' && !body.until) {
      context.addIssue({ code: 'custom', path: ['until'], message: M.untilRequired });
    }
  });

/** `apis/stone-block/create`: staff hold a stone or send it on memo for a customer. */
export const blockCreateSchema = z.strictObject({
  userId: z.uuid({ error: M.customerRequired }),
  stoneId: z.uuid({ error: M.stoneRequired }),
  kind: blockKindSchema,
  until: futureInstant,
  remarks: optionalText,
});

export const DEMAND_SORT_KEYS = ['createdAt', 'expiresAt', 'name', 'userName', 'matches'] as const;

/** `admin/dashbord/demanddetails`: the customers' demands with how many stones match now. */
export const demandPaginateSchema = paginateRequestSchema.extend({
  filter: z
    .strictObject({
      userId: uuids.optional(),
      accountId: uuids.optional(),
      /** Live (not expired, not removed): the default; false lists the expired ones. */
      live: z.boolean().optional(),
      /** Matched by at least one stone of the stock at the last match (true), or by none (false). */
      matched: z.boolean().optional(),
      createdAt: instantRange.optional(),
      expiresAt: instantRange.optional(),
    })
    .optional(),
  sort: sortOf(DEMAND_SORT_KEYS).optional(),
  /** The zone whose days `createdAt` and `expiresAt` read. */
  timeZone: readerTimeZone,
});

/** `apis/Demand/export`: the filtered, sorted demands as a sheet, every row. */
export const demandExportSchema = demandPaginateSchema
  .omit({ page: true, limit: true })
  .extend(exportRequestFields);

/** `apis/Demand/stones`: a page of the stones of the stock a demand matches now, by the demand's id. */
export const demandStonesSchema = paginateRequestSchema.pick({ page: true, limit: true }).extend({
  id: z.uuid({ error: M.demandNotFound }),
});

/** A stone a demand matches: its id and the stone's fields of DEMAND_STONE_COLUMNS, a grade with its title. */
export const demandStoneSchema = z.looseObject({ id: z.string(), stockNumber: z.string() });
export type DemandStone = z.infer<typeof demandStoneSchema>;

export const demandRecordSchema = z.object({
  id: z.string(),
  ...customerShape,
  name: z.string(),
  /** The stone filter, as `apis/diamond/paginate` takes it. */
  filter: z.record(z.string(), z.unknown()),
  /** The filter in words ("Shape Round · Carat 1 to 2"). */
  criteria: z.string(),
  expiresAt: z.string(),
  live: z.boolean(),
  /** Stones of the stock matching it now; null when not counted (expired demands). */
  matches: z.number().int().nullable(),
  lastNotifiedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type DemandRecord = z.infer<typeof demandRecordSchema>;

/** `apis/Demand/summary`: the demand book at a glance. */
export const demandSummarySchema = z.object({
  live: z.number().int(),
  expiringThisWeek: z.number().int(),
  expired: z.number().int(),
  customers: z.number().int(),
  /** Live demands that at least one stone of the stock matches now. */
  matched: z.number().int(),
});

/** `apis/CommentsCount/paginate`: the stones customers comment on, most commented first by default. */
export const commentCountPaginateSchema = paginateRequestSchema.extend({
  filter: z
    .strictObject({
      ...customerFilters,
      ...stoneCriteria,
    })
    .optional(),
  sort: sortOf(['comments', 'customers', 'lastCommentAt', 'stockNumber'] as const).optional(),
  /** The zone whose days `createdAt` reads. */
  timeZone: readerTimeZone,
});

export const commentCountRecordSchema = z.object({
  stoneId: z.string(),
  stockNumber: z.string(),
  shape: z.string().nullable(),
  carat: z.number().nullable(),
  comments: z.number().int(),
  customers: z.number().int(),
  lastCommentAt: z.string(),
});

/** `apis/CommentsCount/summary` (same filter as the paginate). */
export const commentSummarySchema = z.object({
  comments: z.number().int(),
  stones: z.number().int(),
  customers: z.number().int(),
  today: z.number().int(),
});

export const summaryRequestSchema = z.strictObject({
  filter: commentCountPaginateSchema.shape.filter,
});

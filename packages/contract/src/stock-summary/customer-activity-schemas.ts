import { z } from 'zod';
import { diamondCommentCreateSchema } from '../diamond-comments/diamond-comments.ts';
import { paginateRequestSchema } from '../envelope.ts';
import { paginateSchemaOf } from '../resources/schemas.ts';
import { stoneResource } from '../stock/stone.ts';
import { STOCK_SUMMARY_MESSAGES as M } from './stock-summary-messages.ts';
import { BLOCK_LIMITS, CUSTOMER_LIST_KEYS, DEMAND_LIMITS, DEVICES, OFFER_LIMITS } from './track-types.ts';

/**
 * What the storefront and the mobile apps send for the signed-in customer. The server takes the user
 * and the company from the session, never from the body.
 */
const stoneIds = z
  .array(z.uuid({ error: M.stoneRequired }), { error: M.stoneRequired })
  .min(1, { error: M.stoneRequired })
  .max(100, { error: M.tooManyStones })
  .transform((ids) => [...new Set(ids)]);
const text = z
  .string()
  .trim()
  .max(2000, { error: M.textTooLong })
  .refine((value) => !value.includes('\u0000'), { error: M.textTooLong });
const device = z.enum(DEVICES).optional();
const listKey = z.enum(CUSTOMER_LIST_KEYS, { error: M.trackTypeInvalid });

/** `apis/customer/track/add`: stones into the cart, the watchlist, a reminder or an enquiry. */
export const customerTrackAddSchema = z
  .strictObject({
    list: listKey,
    stoneIds,
    remarks: text.nullable().optional(),
    /** A reminder's moment: required for reminders, in the future. */
    reminderDate: z.iso.datetime({ offset: true, error: M.reminderDateRequired }).optional(),
    /** An enquiry's question: required for enquiries. */
    message: text.optional(),
    device,
  })
  .superRefine((body, context) => {
    if (body.list === 'reminder' && !body.reminderDate) {
      context.addIssue({ code: 'custom', path: ['reminderDate'], message: M.reminderDateRequired });
    }
    if (body.list === 'enquiry' && !body.message) {
      context.addIssue({ code: 'custom', path: ['message'], message: M.messageRequired });
    }
  });
export type CustomerTrackAddPayload = z.input<typeof customerTrackAddSchema>;

/** `apis/customer/track/remove`: stones out of one of the customer's lists. */
export const customerTrackRemoveSchema = z.strictObject({ list: listKey, stoneIds });

/** `apis/customer/track/paginate`: the customer's own activity. */
export const customerTrackPaginateSchema = paginateRequestSchema.extend({
  filter: z.strictObject({ list: z.union([listKey, z.enum(['offer'])]).optional() }).optional(),
  sort: z.strictObject({ createdAt: z.enum(['asc', 'desc', 'ASC', 'DESC']).optional() }).optional(),
});

/** `apis/customer/offer/create`: a price per carat for one stone, valid until a date. */
export const customerOfferSchema = z.strictObject({
  stoneId: z.uuid({ error: M.stoneRequired }),
  pricePerCarat: z
    .number({ error: M.offerPriceRequired })
    .min(OFFER_LIMITS.minPricePerCarat, { error: M.offerPriceRequired })
    .max(100_000_000, { error: M.offerPriceRequired }),
  validUntil: z.iso.datetime({ offset: true, error: M.validUntilPast }).optional(),
  remarks: text.nullable().optional(),
  device,
});

/** `apis/customer/hold/create`: the stone kept for the customer for some hours. */
export const customerHoldSchema = z.strictObject({
  stoneId: z.uuid({ error: M.stoneRequired }),
  hours: z
    .number({ error: M.holdHours })
    .int({ error: M.holdHours })
    .min(1, { error: M.holdHours })
    .max(BLOCK_LIMITS.maxHoldHours, { error: M.holdHours })
    .default(BLOCK_LIMITS.defaultHoldHours),
  remarks: text.nullable().optional(),
  device,
});

/** A demand's stone criteria: the stock search's own filter, so an unknown key is refused by name. */
export const demandFilterSchema = paginateSchemaOf(stoneResource)
  .shape.filter.unwrap()
  // What staff see of a stone and customers do not: a demand cannot ask for hidden stones.
  .omit({ isActive: true, externalId: true })
  .refine((filter) => Object.values(filter).some((value) => value !== undefined), {
    error: M.demandFilterRequired,
  });

/** `apis/customer/demand/create`: stones wanted (search type 3), until the expiry. */
export const customerDemandSchema = z.strictObject({
  name: z
    .string({ error: M.demandNameRequired })
    .trim()
    .min(1, { error: M.demandNameRequired })
    .max(DEMAND_LIMITS.nameLength, { error: M.demandNameTooLong })
    .refine((value) => !value.includes('\u0000'), { error: M.demandNameRequired }),
  filter: demandFilterSchema,
  expiresAt: z.union([z.iso.date(), z.iso.datetime({ offset: true })], { error: M.demandExpiryRequired }),
});
export type CustomerDemandPayload = z.input<typeof customerDemandSchema>;

export const customerDemandPaginateSchema = paginateRequestSchema.extend({
  filter: z.strictObject({ live: z.boolean().optional() }).optional(),
});

export const customerRemoveByIdSchema = z.strictObject({ id: z.uuid({ error: M.demandNotFound }) });

/** What an add answers: how many were added, and how many were already there. */
export const customerTrackAddAnswer = z.object({
  added: z.number().int(),
  existing: z.number().int(),
  ids: z.array(z.string()),
});

/** `apis/customer/comment/create`: the customer's own comment on a stone (staff read them in Comments). */
export const customerCommentSchema = diamondCommentCreateSchema.pick({ stoneId: true, remarks: true });

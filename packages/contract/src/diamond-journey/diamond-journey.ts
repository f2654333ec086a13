import { z } from 'zod';
import { anyRecordSchema } from '../resources/record-schema.ts';
import { stoneSummarySchema } from '../stone-lookup/stone-lookup.ts';
import { JOURNEY_MESSAGES } from './journey-event-resource.ts';

export const diamondOriginSchema = z
  .strictObject({
    stoneId: z.uuid({ error: JOURNEY_MESSAGES.stoneNotFound }).optional(),
    stockNumber: z.string().trim().min(1).max(40).optional(),
  })
  .refine((body) => (body.stoneId === undefined) !== (body.stockNumber === undefined), {
    error: JOURNEY_MESSAGES.stoneOrStockNumber,
  });
export type DiamondOriginRequest = z.input<typeof diamondOriginSchema>;

/** The stone as its journey shows it: the summary, where it comes from, and its media. */
export const stoneOriginSchema = stoneSummarySchema.extend({
  reportDate: z.string().nullable(),
  /** `length x width x depth` in mm, when known. */
  measurements: z.string().nullable(),
  roughOrigin: z.string().nullable(),
  mine: z.string().nullable(),
  isTypeIIa: z.boolean(),
  isCanadaMark: z.boolean(),
  treatment: z.string().nullable(),
  laserInscription: z.string().nullable(),
  location: z.string().nullable(),
  imageUrl: z.string().nullable(),
  videoUrl: z.string().nullable(),
  certificateUrl: z.string().nullable(),
});
export type StoneOrigin = z.infer<typeof stoneOriginSchema>;

export const diamondOriginDataSchema = z.object({
  stone: stoneOriginSchema,
  /** Live journey events, by date, then stage, then when recorded. */
  events: z.array(anyRecordSchema),
});
export type DiamondOrigin = z.infer<typeof diamondOriginDataSchema>;

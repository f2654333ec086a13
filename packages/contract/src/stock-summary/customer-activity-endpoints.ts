import { z } from 'zod';
import { defineEndpoint, pageOf } from '../endpoints/endpoint.ts';
import {
  customerCommentSchema,
  customerDemandPaginateSchema,
  customerDemandSchema,
  customerHoldSchema,
  customerOfferSchema,
  customerRemoveByIdSchema,
  customerTrackAddAnswer,
  customerTrackAddSchema,
  customerTrackPaginateSchema,
  customerTrackRemoveSchema,
} from './customer-activity-schemas.ts';
import { blockRecordSchema, demandRecordSchema, trackRecordSchema } from './stock-summary-schemas.ts';

const TAG = 'Customer side';

/**
 * What the storefront and the mobile apps call for the signed-in customer (types 3 to 5, of an approved
 * company), each under its customer module. A list call names its list, whose module the server checks.
 */
export const CUSTOMER_ACTIVITY_ENDPOINTS = {
  trackAdd: defineEndpoint({
    method: 'POST',
    path: 'apis/customer/track/add',
    tag: TAG,
    summary: 'Adds stones to the cart or the watchlist, sets a reminder, or sends an enquiry.',
    access: { customerModules: ['cart', 'watchlist', 'reminder', 'enquiry'], action: 'insert' },
    body: customerTrackAddSchema,
    answer: { data: customerTrackAddAnswer },
  }),
  trackRemove: defineEndpoint({
    method: 'POST',
    path: 'apis/customer/track/remove',
    tag: TAG,
    summary: 'Takes stones out of the cart, the watchlist, the reminders or the enquiries.',
    access: { customerModules: ['cart', 'watchlist', 'reminder', 'enquiry'], action: 'delete' },
    body: customerTrackRemoveSchema,
    answer: { data: z.object({ removed: z.number().int() }) },
  }),
  trackPaginate: defineEndpoint({
    method: 'POST',
    path: 'apis/customer/track/paginate',
    tag: TAG,
    summary: "The customer's own cart, watchlist, reminders, enquiries and offers, newest first.",
    access: { customerModules: ['cart', 'watchlist', 'reminder', 'enquiry', 'offer'], action: 'view' },
    body: customerTrackPaginateSchema,
    answer: { data: pageOf(trackRecordSchema) },
  }),
  offerCreate: defineEndpoint({
    method: 'POST',
    path: 'apis/customer/offer/create',
    tag: TAG,
    summary: 'Offers a price per carat for a stone; staff accept, reject or counter it.',
    access: { customerModules: ['offer'], action: 'insert' },
    body: customerOfferSchema,
    answer: { data: trackRecordSchema },
  }),
  holdCreate: defineEndpoint({
    method: 'POST',
    path: 'apis/customer/hold/create',
    tag: TAG,
    summary: 'Holds an available stone for the customer for some hours, until staff confirm or it lapses.',
    access: { customerModules: ['hold'], action: 'insert' },
    body: customerHoldSchema,
    answer: { data: blockRecordSchema },
  }),
  demandCreate: defineEndpoint({
    method: 'POST',
    path: 'apis/customer/demand/create',
    tag: TAG,
    summary: 'Saves a demand: a stone filter the customer is told about when new stock matches it.',
    access: { customerModules: ['demand'], action: 'insert' },
    body: customerDemandSchema,
    answer: { data: demandRecordSchema },
  }),
  demandPaginate: defineEndpoint({
    method: 'POST',
    path: 'apis/customer/demand/paginate',
    tag: TAG,
    summary: "The customer's demands, with how many stones match each now.",
    access: { customerModules: ['demand'], action: 'view' },
    body: customerDemandPaginateSchema,
    answer: { data: pageOf(demandRecordSchema) },
  }),
  commentCreate: defineEndpoint({
    method: 'POST',
    path: 'apis/customer/comment/create',
    tag: TAG,
    summary: 'Comments on a stone; the sales person of the customer’s company is told.',
    access: { customerModules: ['comment'], action: 'insert' },
    body: customerCommentSchema,
    answer: { data: z.object({ id: z.string() }) },
  }),
  demandRemove: defineEndpoint({
    method: 'POST',
    path: 'apis/customer/demand/remove',
    tag: TAG,
    summary: "Removes one of the customer's demands.",
    access: { customerModules: ['demand'], action: 'delete' },
    body: customerRemoveByIdSchema,
    answer: { data: z.object({ id: z.string() }) },
  }),
};

import { z } from 'zod';
import { defineEndpoint, pageOf } from '../endpoints/endpoint.ts';
import {
  diamondCommentByUserSchema,
  diamondCommentCreateSchema,
  diamondCommentDestroySchema,
  diamondCommentRecordSchema,
} from './diamond-comments.ts';

const TAG = 'Diamond comments';

/**
 * Comments customers put on stones (domain reference, customer activity): a remark and a colour, by a
 * customer user of a company, on one stone. Staff read them under the Comment module; a comment is
 * added for a customer (a remark taken on the phone or at a show) or removed, each change in the trail
 * as `diamondComment.create` / `.delete`.
 */
export const DIAMOND_COMMENT_ENDPOINTS = {
  byUser: defineEndpoint({
    method: 'POST',
    path: 'apis/diamond-comment/by-user',
    tag: TAG,
    summary: 'Comments, paged, filtered by user, stone, company and date, newest first by default.',
    access: { module: 'Comment', action: 'view' },
    body: diamondCommentByUserSchema,
    answer: { data: pageOf(diamondCommentRecordSchema) },
  }),
  create: defineEndpoint({
    method: 'POST',
    path: 'apis/diamond-comment/create',
    tag: TAG,
    summary: "Adds a comment for a customer user on a live stone, under the user's company.",
    access: { module: 'Comment', action: 'insert' },
    body: diamondCommentCreateSchema,
    answer: { data: diamondCommentRecordSchema },
  }),
  destroy: defineEndpoint({
    method: 'POST',
    path: 'apis/diamond-comment/destroy',
    tag: TAG,
    summary: 'Deletes a comment (soft delete).',
    access: { module: 'Comment', action: 'delete' },
    body: diamondCommentDestroySchema,
    answer: { data: z.object({ id: z.string() }) },
  }),
};

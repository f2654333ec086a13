import { DIAMOND_COMMENT_ENDPOINTS } from '@facet/contract';
import { call } from '../platform/api/api-client.ts';
import { READER_TIME_ZONE } from '../platform/lists/format.ts';
import type { PaginateBody } from '../platform/lists/list-params.ts';

export const commentsKey = ['diamond-comments'] as const;

export const commentApi = {
  /** With the reader's zone: a day of the date filter is the reader's day, as the dashboard counts it. */
  byUser: (body: PaginateBody) =>
    call(DIAMOND_COMMENT_ENDPOINTS.byUser, { ...body, timeZone: READER_TIME_ZONE }).then(
      (envelope) => envelope.data,
    ),
  destroy: (id: string) => call(DIAMOND_COMMENT_ENDPOINTS.destroy, { id }),
};

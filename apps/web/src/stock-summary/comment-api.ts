import { DIAMOND_COMMENT_ENDPOINTS } from '@facet/contract';
import { call } from '../api/api-client.ts';
import type { PaginateBody } from '../lists/list-params.ts';

export const commentsKey = ['diamond-comments'] as const;

export const commentApi = {
  byUser: (body: PaginateBody) =>
    call(DIAMOND_COMMENT_ENDPOINTS.byUser, body).then((envelope) => envelope.data),
  destroy: (id: string) => call(DIAMOND_COMMENT_ENDPOINTS.destroy, { id }),
};

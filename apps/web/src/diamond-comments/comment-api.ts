import { DIAMOND_COMMENT_ENDPOINTS } from '@facet/contract';
import { call } from '../platform/api/api-client.ts';
import type { PaginateBody } from '../platform/lists/list-params.ts';

export const commentsKey = ['diamond-comments'] as const;

export const commentApi = {
  byUser: (body: PaginateBody) =>
    call(DIAMOND_COMMENT_ENDPOINTS.byUser, body).then((envelope) => envelope.data),
  destroy: (id: string) => call(DIAMOND_COMMENT_ENDPOINTS.destroy, { id }),
};

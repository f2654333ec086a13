import { DIAMOND_COMMENT_PATHS, type DiamondCommentRecord, type PaginateResult } from '@facet/contract';
import { apiRequest } from '../api/api-client.ts';
import type { PaginateBody } from '../lists/list-params.ts';

export const commentsKey = ['diamond-comments'] as const;

export const commentApi = {
  byUser: (body: PaginateBody) =>
    apiRequest<PaginateResult<DiamondCommentRecord>>(DIAMOND_COMMENT_PATHS.byUser, { body }).then(
      (envelope) => envelope.data,
    ),
  destroy: (id: string) => apiRequest<{ id: string }>(DIAMOND_COMMENT_PATHS.destroy, { body: { id } }),
};

import { defineModule } from '../modules/contract-module.ts';
import { DIAMOND_COMMENT_ENDPOINTS } from './diamond-comments-endpoints.ts';
import { DIAMOND_COMMENTS_PERMISSIONS } from './diamond-comments-permissions.ts';

/** Comments customers leave on stones. */
export const diamondCommentsModule = defineModule({
  name: 'diamond-comments',
  permissions: DIAMOND_COMMENTS_PERMISSIONS,
  endpoints: [DIAMOND_COMMENT_ENDPOINTS],
  screens: [
    {
      path: 'comment/:id?',
      title: 'Comment',
      module: 'Comment',
      action: 'insert',
      menu: { group: 'Stock Summary', id: 605, name: 'Comment' },
    },
  ],
  auditEntityTypes: ['diamondComment'],
});

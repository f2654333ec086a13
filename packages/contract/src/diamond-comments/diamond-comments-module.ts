import { defineModule } from '../modules/contract-module.ts';
import { DIAMOND_COMMENT_ENDPOINTS } from './diamond-comments-endpoints.ts';

/** Comments customers leave on stones. */
export const diamondCommentsModule = defineModule({
  name: 'diamond-comments',
  permissions: [{ id: 32, module: 'Comment', title: 'Comment' }],
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

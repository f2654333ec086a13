import { defineServerModule } from '../modules/server-module.ts';
import { diamondCommentRoutes } from './diamond-comment-routes.ts';

export const diamondCommentsServerModule = defineServerModule({
  name: 'diamond-comments',
  routes: diamondCommentRoutes,
  tableRows: { diamond_comments: { one: 'comment', many: 'comments' } },
});

import type { WebModule } from '../platform/modules/web-module.ts';

export const diamondCommentsWebModule: WebModule = {
  name: 'diamond-comments',
  screens: {
    'comment/:id?': () => import('./comment-page.tsx').then((module) => module.CommentPage),
  },
};

import { defineModule } from '../modules/contract-module.ts';
import { careerResource, contactUsResource, feedbackResource, subscriberResource } from './forum.ts';
import { FORUM_PERMISSIONS } from './forum-permissions.ts';

/** What visitors send: contact messages, suggestions, subscriptions, applications and feedback. */
export const forumModule = defineModule({
  name: 'forum',
  permissions: FORUM_PERMISSIONS,
  resources: [contactUsResource, subscriberResource, careerResource, feedbackResource],
});

import { defineModule } from '../modules/contract-module.ts';
import { careerResource, contactUsResource, feedbackResource, subscriberResource } from './forum.ts';

/** What visitors send: contact messages, suggestions, subscriptions, applications and feedback. */
export const forumModule = defineModule({
  name: 'forum',
  permissions: [
    { id: 2, module: 'Subscribe', title: 'Subscriber' },
    { id: 3, module: 'Contact', title: 'Contact' },
    { id: 4, module: 'Suggestion', title: 'Suggestion' },
    { id: 27, module: 'Feedback', title: 'Feedback' },
    { id: 44, module: 'Career', title: 'Career' },
  ],
  resources: [contactUsResource, subscriberResource, careerResource, feedbackResource],
});

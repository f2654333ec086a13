import { field } from '../resources/fields.ts';
import { defineResource, FULL_OPERATIONS } from '../resources/resource.ts';

export const CONTACT_TYPES = [
  { value: 'contact', label: 'Contact' },
  { value: 'suggestion', label: 'Suggestion' },
] as const;

/**
 * Messages of the website's contact and suggestion forms: one table, one screen, two views each gated
 * by its own module.
 */
export const contactUsResource = defineResource({
  name: 'contactUs',
  title: 'Contact',
  itemName: 'contact message',
  module: 'Contact',
  api: 'apis/contactus',
  legacyPaths: { destroy: ['apis/contactus/delete'] },
  table: 'contact_messages',
  views: [
    {
      route: 'contact',
      title: 'Contact',
      fixedFilter: { type: 'contact' },
      menu: { group: 'Forum', id: 701, name: 'Contact' },
    },
    {
      route: 'suggestion',
      title: 'Suggestion',
      itemName: 'suggestion',
      module: 'Suggestion',
      fixedFilter: { type: 'suggestion' },
      menu: { group: 'Forum', id: 702, name: 'Suggestion' },
    },
  ],
  titleField: 'name',
  defaultSort: { field: 'createdAt', direction: 'desc' },
  operations: FULL_OPERATIONS,
  fields: {
    type: field.enum('Type', CONTACT_TYPES, { required: true, filter: 'eq', list: false }),
    name: field.text('Name', { required: true, max: 120, sort: true, search: true }),
    companyName: field.text('Company', { max: 200, search: true }),
    email: field.text('E-mail', { max: 200, search: true }),
    phone: field.text('Phone', { max: 40, search: true }),
    subject: field.text('Subject', { max: 200, search: true }),
    message: field.longText('Message', { required: true, max: 5000 }),
    isResolved: field.boolean('Resolved', { defaultValue: false, filter: 'eq', toggle: true }),
  },
});

/** Newsletter subscribers of the website. */
export const subscriberResource = defineResource({
  name: 'subscriber',
  title: 'Subscriber',
  module: 'Subscribe',
  api: 'apis/subscriber',
  table: 'subscribers',
  views: [
    { route: 'subscriber', title: 'Subscriber', menu: { group: 'Forum', id: 703, name: 'Subscriber' } },
  ],
  titleField: 'email',
  defaultSort: { field: 'email', direction: 'asc' },
  operations: FULL_OPERATIONS,
  fields: {
    email: field.text('E-mail', { required: true, max: 200, sort: true, search: true, unique: true }),
    name: field.text('Name', { max: 120, sort: true, search: true }),
    isActive: field.boolean('Subscribed', { defaultValue: true, filter: 'eq', toggle: true }),
  },
});

export const CAREER_STATUSES = [
  { value: 'new', label: 'New' },
  { value: 'shortlisted', label: 'Shortlisted' },
  { value: 'interviewed', label: 'Interviewed' },
  { value: 'hired', label: 'Hired' },
  { value: 'rejected', label: 'Rejected' },
] as const;

/** Job applications sent through the website. */
export const careerResource = defineResource({
  name: 'career',
  title: 'Career',
  module: 'Career',
  api: 'front/career',
  table: 'career_applications',
  views: [{ route: 'career', title: 'Career', menu: { group: 'Forum', id: 704, name: 'Career' } }],
  titleField: 'name',
  defaultSort: { field: 'createdAt', direction: 'desc' },
  operations: FULL_OPERATIONS,
  fields: {
    name: field.text('Applicant', { required: true, max: 120, sort: true, search: true }),
    email: field.text('E-mail', { required: true, max: 200, search: true }),
    phone: field.text('Phone', { max: 40, search: true }),
    position: field.text('Position', { required: true, max: 120, sort: true, search: true, filter: 'eq' }),
    resumeUrl: field.url('Resume URL', { max: 500, list: false }),
    message: field.longText('Message', { max: 5000, list: false }),
    status: field.enum('Status', CAREER_STATUSES, { defaultValue: 'new', filter: 'eq', sort: true }),
  },
});

/** Customers' feedback on the service and the apps. */
export const feedbackResource = defineResource({
  name: 'feedback',
  title: 'Feedback',
  module: 'Feedback',
  api: 'apis/feedback',
  legacyPaths: { destroy: ['apis/feedback/destroy'] },
  table: 'feedback',
  views: [{ route: 'feedback', title: 'Feedback', menu: { group: 'Forum', id: 705, name: 'Feedback' } }],
  titleField: 'name',
  defaultSort: { field: 'createdAt', direction: 'desc' },
  operations: FULL_OPERATIONS,
  fields: {
    name: field.text('Name', { required: true, max: 120, sort: true, search: true }),
    email: field.text('E-mail', { max: 200, search: true }),
    companyName: field.text('Company', { max: 200, search: true }),
    rating: field.integer('Rating', { min: 1, max: 5, sort: true, filter: 'range', help: '1 to 5 stars.' }),
    message: field.longText('Message', { required: true, max: 5000 }),
    isResolved: field.boolean('Resolved', { defaultValue: false, filter: 'eq', toggle: true }),
  },
});
